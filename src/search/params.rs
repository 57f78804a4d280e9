//! Every search and evaluation tunable in one place, with the protocol option exposing it.

/// Search tunables. Defaults are the measured best so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Half-width of the first aspiration window, centipawns.
    pub aspiration: i32,
    /// Late-move reductions: moves searched at full depth before reducing.
    pub lmr_full_moves: usize,
    /// Late-move reductions: minimum depth to reduce at.
    pub lmr_min_depth: i32,
    /// Null-move pruning (off by default: zugzwang is real where having no move loses).
    pub null_move: bool,
    /// Reverse futility pruning margin per ply of depth (0 disables it).
    pub futility_margin: i32,
    /// Highest quiescence depth (plies below the horizon).
    pub qsearch_limit: i32,
    /// How much worse than 0 a draw by the rules (repetition, ply limit, equal count) is for
    /// the side the engine plays, in centipawns: above 0 the engine plays on rather than
    /// repeat in a level position. The opponent's draws count as that much better. Ignored
    /// in analysis. Off by default: 25 measured no better in murray (see protocol.md).
    pub contempt: i32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            aspiration: 40,
            lmr_full_moves: 3,
            lmr_min_depth: 3,
            null_move: false,
            futility_margin: 0,
            qsearch_limit: 8,
            contempt: 0,
        }
    }
}

/// Evaluation weights, in centipawns (a man is 100).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub man: i32,
    /// Per man, times the side's men, where a win needs a blockade (no move loses, the
    /// leaders cannot be captured and losing men does not end the game): walling a dux in
    /// takes many men, so trading down when ahead throws the win away.
    pub critical_mass: i32,
    /// A leader that can be captured (its loss ends the game, so it is worth more).
    pub capturable_leader: i32,
    /// Per pseudo-legal move, where having no move loses.
    pub mobility_decisive: i32,
    /// Per pseudo-legal move, elsewhere.
    pub mobility: i32,
    /// Per move of a leader (an immobile dux or king risks a blockade loss).
    pub leader_mobility: i32,
    /// Per enemy man that the side to move can capture at once.
    pub threat_to_move: i32,
    /// Per own man the opponent could capture on its next move.
    pub hanging: i32,
    /// Per side of an enclosable leader that is closed (edge or enemy).
    pub leader_enclosure: i32,
    /// Per trapped own man (it will be removed unless freed).
    pub trapped: i32,
    /// Per man on an edge (it can only be flanked along the edge).
    pub edge: i32,
    /// Per man on a corner, beside `edge`: the square classes below are the same for every
    /// board size, so one fitted table serves any board.
    pub corner: i32,
    /// Per man next to a corner (orthogonally or diagonally).
    pub near_corner: i32,
    /// Per man on the second ring, one square in from the edge (men further in are the
    /// baseline: with the man's value fixed, a weight for them would only rescale it).
    pub inner_ring: i32,
    /// Per own man orthogonally next to the own leader (a guard an enclosure must get past).
    pub guard: i32,
    /// Per leader on an edge (one side of it closed already).
    pub leader_edge: i32,
    /// Per empty square a side can ever reach (its room), where only a blockade wins: walling
    /// the enemy into a shrinking region is how a blockade is won.
    pub room: i32,
    /// Per empty square a side can reach within two moves, where only a blockade wins: a
    /// half-built wall already lengthens the enemy's way round it.
    pub space: i32,
    /// Per man of lead, scaled by the share of all the game's pieces already captured: where
    /// the last men must be hunted down, the side ahead gains by trading one for one (a lead
    /// of two is decisive among four men, not among sixty).
    pub simplify: i32,
    /// Per man of lead, times the own free men within two squares (king-wise) of a free
    /// enemy man: where the last men must be trapped one by one and a side far behind can
    /// sit out the game in a quiet corner, the side ahead has to close in on them.
    pub hunt: i32,
    /// Per man of lead, times the moves the side behind has, credited to it where having no
    /// move decides the game: a side far behind that keeps a few safe moves holds the draw,
    /// so the side ahead gains by taking its squares away one by one.
    pub squeeze: i32,
    /// Material difference scale as the quiet-ply counter nears its limit.
    pub quiet_pressure: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
}

/// The weights' names as files and the tuner write them, beside their fields: one list, so
/// that reading, writing and tuning cannot miss a weight.
macro_rules! weight_access {
    ($($field:ident: $name:literal,)*) => {
        impl Weights {
            /// Every weight's name, in a fixed order (the index of [`Weights::get`]).
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// The weight with index `i` of [`Weights::NAMES`].
            pub fn get(&self, i: usize) -> i32 {
                [$(self.$field),*][i]
            }

            /// Sets the weight with index `i` of [`Weights::NAMES`].
            pub fn set(&mut self, i: usize, value: i32) {
                let fields = [$(&mut self.$field),*];
                *fields.into_iter().nth(i).expect("a weight index") = value;
            }
        }
    };
}

weight_access! {
    man: "man",
    critical_mass: "critical-mass",
    capturable_leader: "capturable-leader",
    mobility_decisive: "mobility-decisive",
    mobility: "mobility",
    leader_mobility: "leader-mobility",
    threat_to_move: "threat-to-move",
    hanging: "hanging",
    leader_enclosure: "leader-enclosure",
    trapped: "trapped",
    edge: "edge",
    corner: "corner",
    near_corner: "near-corner",
    inner_ring: "inner-ring",
    guard: "guard",
    leader_edge: "leader-edge",
    room: "room",
    space: "space",
    simplify: "simplify",
    hunt: "hunt",
    squeeze: "squeeze",
    quiet_pressure: "quiet-pressure",
    tempo: "tempo",
}

impl Weights {
    /// The index of the weight called `name`.
    pub fn index(name: &str) -> Option<usize> {
        Self::NAMES.iter().position(|n| *n == name)
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            man: 100,
            critical_mass: 8,
            capturable_leader: 400,
            mobility_decisive: 3,
            mobility: 1,
            leader_mobility: 4,
            threat_to_move: 30,
            hanging: 25,
            leader_enclosure: 60,
            trapped: 70,
            edge: 4,
            corner: 0,
            near_corner: 0,
            inner_ring: 0,
            guard: 0,
            leader_edge: 0,
            room: 2,
            space: 2,
            simplify: 0,
            hunt: 0,
            squeeze: 0,
            quiet_pressure: 150,
            tempo: 8,
        }
    }
}
