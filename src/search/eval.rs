//! Static evaluation, driven by the ruleset's knobs: the same terms for every ruleset, each
//! weighted by what decides games under those rules (mobility where having no move loses,
//! enclosure where leaders are enclosed, trapped men where men are trapped, and so on).

use crate::board::{ALL_DIRS, Bits, Dir, ORTHOGONAL};
use crate::rules::{CaptureEffect, Colour, LeaderCapture, Lines, NoMove, Position, Reach, Rules};

use super::params::Weights;
use super::score::Value;

/// The evaluation split into named terms, each as White's and Black's share.
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    pub rows: [(&'static str, [i32; 2]); 8],
    /// Added for the side to move only.
    pub tempo: i32,
}

impl Terms {
    /// The total from the point of view of `side`.
    pub fn total(&self, side: Colour) -> Value {
        let white: i32 = self.rows.iter().map(|(_, v)| v[0] - v[1]).sum();
        let v = if side == Colour::White { white } else { -white };
        v + self.tempo
    }
}

fn dirs(lines: Lines) -> &'static [Dir] {
    match lines {
        Lines::Orthogonal => &ORTHOGONAL,
        Lines::All => &ALL_DIRS,
    }
}

/// Squares reachable in one step or slide by `pieces`, and how many such moves there are.
fn reach<B: Bits>(rules: &Rules<B>, pieces: B, empty: B, slide: bool, lines: Lines) -> (B, u32) {
    let mut all = B::EMPTY;
    let mut count = 0;
    for &d in dirs(lines) {
        // In one direction no two pieces' rays overlap (a ray stops at the first piece), so
        // the union's size is the number of moves.
        let mut ray = rules.geo.shift(pieces, d) & empty;
        let mut acc = ray;
        if slide {
            while ray.any() {
                ray = rules.geo.shift(ray, d) & empty;
                acc |= ray;
            }
        }
        count += acc.count();
        all |= acc;
    }
    (all, count)
}

/// Mobility's value: `per_move` centipawns a move near a blockade, less and less as moves
/// grow plentiful (8 * sqrt(moves) * per_move: 4 moves are worth 16, 100 are worth 80). A side
/// with a hundred moves loses nothing real by giving up a few to wall the enemy in.
fn concave(moves: u32, per_move: i32) -> i32 {
    (8.0 * (moves as f32).sqrt() * per_move as f32).round() as i32
}

/// Empty squares that `pieces` could reach in any number of moves: the empty region
/// connected to them along `lines` (hops are ignored; they rarely cross a wall).
fn room<B: Bits>(rules: &Rules<B>, pieces: B, empty: B, lines: Lines) -> B {
    let mut region = B::EMPTY;
    for &d in dirs(lines) {
        region |= rules.geo.shift(pieces, d) & empty;
    }
    loop {
        let mut grown = region;
        for &d in dirs(lines) {
            grown |= rules.geo.shift(region, d) & empty;
        }
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Enemy men that `c` could flank at once: an enemy man with `c`'s flanker on one side and an
/// empty square `c` can reach on the other.
fn capturable<B: Bits>(rules: &Rules<B>, pos: &Position<B>, c: Colour, reach: B) -> u32 {
    let r = &rules.ruleset;
    let them = c.other();
    let empty = rules.geo.board & !pos.occupied();
    let mut flankers = pos.men[c.index()] & !pos.trapped;
    if r.capture.leader_flanks {
        flankers |= pos.leaders[c.index()];
    }
    let targets = pos.men[them.index()] & !pos.trapped;
    let landing = empty & reach;
    let mut hit = B::EMPTY;
    for &d in dirs(r.capture.lines) {
        // x with a flanker at x + d and a reachable landing square at x - d.
        hit |= targets & rules.geo.shift(flankers, d.opposite()) & rules.geo.shift(landing, d);
    }
    hit.count()
}

/// Evaluates `pos` term by term, as both sides see it.
pub fn terms<B: Bits>(rules: &Rules<B>, pos: &Position<B>, w: &Weights) -> Terms {
    terms_for(rules, pos, w, None)
}

/// Evaluates `pos` term by term for a search that plays `engine`: the terms that press a
/// lead home (`squeeze`) count only when `engine` is the side ahead, so that pressing when
/// ahead does not change how the engine defends when behind. `None`: for either side.
pub fn terms_for<B: Bits>(
    rules: &Rules<B>,
    pos: &Position<B>,
    w: &Weights,
    engine: Option<Colour>,
) -> Terms {
    let r = &rules.ruleset;
    let plan = Plan::of(rules);
    let empty = rules.geo.board & !pos.occupied();
    let [white, black] =
        [Colour::White, Colour::Black].map(|c| side_terms(rules, pos, w, c, empty, plan));
    let mut material = [white.material, black.material];
    let mut leader = [white.leader, black.leader];
    let reaches = [white.reach, black.reach];
    let move_counts = [white.moves, black.moves];
    lead_terms(rules, pos, w, engine, plan, move_counts, &mut material);
    if r.capture.leader == LeaderCapture::Enclosure {
        enclosure(rules, pos, w, reaches, &mut leader);
    }
    let side = pos.side;
    let mut threats = [0; 2];
    let to_move = capturable(rules, pos, side, reaches[side.index()]);
    let waiting = capturable(rules, pos, side.other(), reaches[side.other().index()]);
    threats[side.index()] = to_move as i32 * w.threat_to_move;
    threats[side.other().index()] = waiting as i32 * w.hanging;
    let mut quiet = [0; 2];
    if let Some(limit) = r.end.quiet_limit {
        let diff = pos.on_board(Colour::White) as i32 - pos.on_board(Colour::Black) as i32;
        let q = pos.quiet.min(limit) as i32;
        let l = limit as i32;
        let pressure = diff * w.quiet_pressure * q * q / (l * l);
        quiet = [pressure.max(0), (-pressure).max(0)];
    }
    Terms {
        rows: [
            ("material", material),
            ("mobility", [white.mobility, black.mobility]),
            ("leader", leader),
            ("threats", threats),
            ("trapped", [white.trapped, black.trapped]),
            ("squares", [white.squares, black.squares]),
            ("room", [white.room, black.room]),
            ("quiet plies", quiet),
        ],
        tempo: w.tempo,
    }
}

/// What the ruleset asks of a plan, as the evaluation weighs it.
#[derive(Clone, Copy)]
struct Plan {
    /// Having no move loses (or counts): mobility decides more.
    decisive: bool,
    /// Only a blockade wins (leaders immune, losing men does not end the game): the plan is
    /// to wall the enemy in, and room, space, critical mass and concave mobility serve it.
    /// Elsewhere captures decide, and those terms measured weaker (murray).
    blockade_only: bool,
}

impl Plan {
    fn of<B: Bits>(rules: &Rules<B>) -> Plan {
        let r = &rules.ruleset;
        let decisive = r.end.no_move != NoMove::Pass;
        Plan {
            decisive,
            blockade_only: decisive
                && r.end.material.is_none()
                && r.has_leader
                && r.capture.leader == LeaderCapture::Immune,
        }
    }
}

/// One side's own terms, and what the other terms need of it: the squares its pieces reach
/// and its number of moves.
struct SideTerms<B> {
    material: i32,
    mobility: i32,
    leader: i32,
    trapped: i32,
    squares: i32,
    room: i32,
    reach: B,
    moves: i32,
}

#[inline(always)]
fn side_terms<B: Bits>(
    rules: &Rules<B>,
    pos: &Position<B>,
    w: &Weights,
    c: Colour,
    empty: B,
    plan: Plan,
) -> SideTerms<B> {
    let (r, geo) = (&rules.ruleset, &rules.geo);
    let i = c.index();
    let men = pos.men_total(c) as i32;
    let mut material = men * w.man;
    if plan.blockade_only {
        material += men * men * w.critical_mass;
    }
    if r.has_leader && r.capture.leader != LeaderCapture::Immune {
        material += pos.leaders_total(c) as i32 * w.capturable_leader;
    }
    let free = pos.men[i] & !pos.trapped;
    let slides = |m: crate::rules::Movement| m.reach == Reach::Slide;
    let (men_reach, men_moves) = reach(rules, free, empty, slides(r.man_moves), r.man_moves.lines);
    let (leader_reach, leader_moves) = reach(
        rules,
        pos.leaders[i],
        empty,
        slides(r.leader_moves),
        r.leader_moves.lines,
    );
    let per_move = if plan.decisive {
        w.mobility_decisive
    } else {
        w.mobility
    };
    let moves = men_moves + leader_moves;
    let mobility = if plan.blockade_only {
        concave(moves, per_move)
    } else {
        moves as i32 * per_move
    };
    let mut leader = 0;
    if r.has_leader {
        leader = leader_moves as i32 * w.leader_mobility;
    }
    let mut trapped = 0;
    if r.capture.effect == CaptureEffect::Immobilise {
        trapped = -((pos.men[i] & pos.trapped).count() as i32) * w.trapped;
    }
    let on = |set: B, weight: i32| (pos.men[i] & set).count() as i32 * weight;
    let mut squares = on(geo.edges, w.edge);
    if w.corner != 0 || w.near_corner != 0 || w.inner_ring != 0 {
        squares += on(geo.corners, w.corner)
            + on(geo.near_corners, w.near_corner)
            + on(geo.inner_ring, w.inner_ring);
    }
    if r.has_leader && (w.guard != 0 || w.leader_edge != 0) {
        let leaders = pos.leaders[i];
        let guards = geo.orthogonal_neighbours(leaders) & pos.men[i] & !pos.trapped;
        leader +=
            guards.count() as i32 * w.guard + (leaders & geo.edges).count() as i32 * w.leader_edge;
    }
    let mut rooms = 0;
    if plan.blockade_only && (w.room != 0 || w.space != 0) {
        let lines = if r.man_moves.lines == Lines::All || r.leader_moves.lines == Lines::All {
            Lines::All
        } else {
            Lines::Orthogonal
        };
        rooms = room(rules, free | pos.leaders[i], empty, lines).count() as i32 * w.room;
        let first = men_reach | leader_reach;
        let (second, _) = reach(rules, first, empty, true, lines);
        rooms += (first | second).count() as i32 * w.space;
    }
    SideTerms {
        material,
        mobility,
        leader,
        trapped,
        squares,
        room: rooms,
        reach: men_reach | leader_reach,
        moves: moves as i32,
    }
}

/// The material terms that depend on the lead in men: simplifying when ahead, hunting the
/// enemy's men, and (for the side behind, unless the engine plays it) a squeeze by its
/// moves.
#[inline(always)]
fn lead_terms<B: Bits>(
    rules: &Rules<B>,
    pos: &Position<B>,
    w: &Weights,
    engine: Option<Colour>,
    plan: Plan,
    move_counts: [i32; 2],
    material: &mut [i32; 2],
) {
    let geo = &rules.geo;
    if w.simplify != 0 {
        let start = rules.game_pieces();
        let pieces = |c| pos.men_total(c) + pos.leaders_total(c);
        let (white, black) = (pieces(Colour::White), pieces(Colour::Black));
        let gone = start.saturating_sub(white + black) as i32;
        let lead = white as i32 - black as i32;
        let bonus = lead * w.simplify * gone / start.max(1) as i32;
        material[0] += bonus.max(0);
        material[1] += (-bonus).max(0);
    }
    // The lead in men and the side ahead; level material gives a lead of 0, so the terms
    // scaled by it give nothing, whichever side `ahead` names.
    let (white, black) = (pos.men_total(Colour::White), pos.men_total(Colour::Black));
    let lead = white.abs_diff(black) as i32;
    let ahead = if white > black {
        Colour::White
    } else {
        Colour::Black
    };
    if w.hunt != 0 {
        let prey = pos.men[ahead.other().index()] & !pos.trapped;
        let near = geo.king_neighbours(geo.king_neighbours(prey) | prey);
        let hunters = (pos.men[ahead.index()] & !pos.trapped & near).count() as i32;
        material[ahead.index()] += lead * hunters * w.hunt;
    }
    let behind = ahead.other();
    if w.squeeze != 0 && plan.decisive && engine != Some(behind) {
        material[behind.index()] += lead * move_counts[behind.index()] * w.squeeze;
    }
}

/// Where leaders are captured by enclosure: each leader's closed sides cost, the more so
/// when one open side is left that the enemy reaches.
#[inline(always)]
fn enclosure<B: Bits>(
    rules: &Rules<B>,
    pos: &Position<B>,
    w: &Weights,
    reaches: [B; 2],
    leader: &mut [i32; 2],
) {
    for c in [Colour::White, Colour::Black] {
        let enemy = pos.occupied_by(c.other());
        for sq in pos.leaders[c.index()].iter() {
            let around = rules.geo.orthogonal_neighbours(B::bit(sq));
            let closed = 4 - around.count() + (around & enemy).count();
            let open = around & !enemy;
            let mut penalty = closed as i32 * closed as i32 * w.leader_enclosure / 2;
            if closed == 3 && (open & reaches[c.other().index()]).any() {
                penalty += 6 * w.leader_enclosure;
            }
            leader[c.index()] -= penalty;
        }
    }
}

/// The evaluation from the side to move's point of view.
pub fn evaluate<B: Bits>(rules: &Rules<B>, pos: &Position<B>, w: &Weights) -> Value {
    terms(rules, pos, w).total(pos.side)
}

/// The evaluation from the side to move's point of view, for a search that plays `engine`
/// (see [`terms_for`]).
pub fn evaluate_for<B: Bits>(
    rules: &Rules<B>,
    pos: &Position<B>,
    w: &Weights,
    engine: Colour,
) -> Value {
    terms_for(rules, pos, w, Some(engine)).total(pos.side)
}

/// The evaluation with a net, from the side to move's point of view, for a search that
/// plays `engine`: the net's score, plus the formula's where the net was trained on top of
/// it (see [`crate::nnue::Net::adds_to_formula`]).
pub fn evaluate_with_net<B: Bits>(
    net: &mut crate::nnue::NetEval<B>,
    frames: &[crate::rules::Frame<B>],
    rules: &Rules<B>,
    w: &Weights,
    engine: Colour,
) -> Value {
    let learnt = net.evaluate(frames);
    match frames.last() {
        Some(frame) if net.adds_to_formula() => {
            // Within the net's range, so that the sum never reads as a won game.
            let max = crate::nnue::eval::MAX_SCORE;
            (learnt + evaluate_for(rules, &frame.pos, w, engine)).clamp(-max, max)
        }
        _ => learnt,
    }
}

/// How far outside a search's window the formula's score must lie for a net on top of the
/// formula not to be asked: its corrections are mostly within a few dozen centipawns.
pub const LAZY_MARGIN: Value = 200;

/// [`evaluate_with_net`] where only the evaluation's place against the window `(alpha,
/// beta)` matters: with a net on top of the formula, a formula's score more than
/// [`LAZY_MARGIN`] outside the window is returned as it is. The net's correction (the
/// dearer half: its accumulators follow only the positions it is asked about) would not
/// bring it back inside.
pub fn evaluate_with_net_against<B: Bits>(
    net: &mut crate::nnue::NetEval<B>,
    frames: &[crate::rules::Frame<B>],
    rules: &Rules<B>,
    w: &Weights,
    engine: Colour,
    (alpha, beta): (Value, Value),
) -> Value {
    let Some(frame) = frames.last().filter(|_| net.adds_to_formula()) else {
        return evaluate_with_net(net, frames, rules, w, engine);
    };
    let formula = evaluate_for(rules, &frame.pos, w, engine);
    if formula - LAZY_MARGIN >= beta || formula + LAZY_MARGIN <= alpha {
        return formula;
    }
    let max = crate::nnue::eval::MAX_SCORE;
    (net.evaluate(frames) + formula).clamp(-max, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, preset};
    use std::sync::Arc;

    fn terms_of(variant: &str, fen: &str) -> Terms {
        terms_with(variant, fen, &Weights::default())
    }

    fn terms_with(variant: &str, fen: &str, w: &Weights) -> Terms {
        let rules = Arc::new(Rules::<u128>::new(preset(variant).unwrap()).unwrap());
        let game = Game::from_fen(rules.clone(), fen).unwrap();
        terms(&rules, game.position(), w)
    }

    /// The material row of `fen` with the default weights but `weight` set to `value`.
    fn material_with(variant: &str, fen: &str, weight: &str, value: i32) -> i32 {
        let mut w = Weights::default();
        w.set(Weights::index(weight).unwrap(), value);
        row(&terms_with(variant, fen, &w), "material")
    }

    fn row(t: &Terms, name: &str) -> i32 {
        let (_, [white, black]) = t.rows.iter().find(|(n, _)| *n == name).unwrap();
        white - black
    }

    /// Where only a blockade wins, White's lead of three men shrinks when a pair is traded
    /// (six against three, then five against two); where capturing every man wins, it
    /// does not.
    #[test]
    fn trading_down_costs_the_side_ahead_only_where_a_blockade_is_needed() {
        let kowalski = |fen| row(&terms_of("kowalski-8x12", fen), "material");
        let before = kowalski("12/3k8/12/mmm9/12/MMMMMM6/3K8/12 w - 0 40");
        let after = kowalski("12/3k8/12/mm10/12/MMMMM7/3K8/12 w - 0 40");
        assert!(after < before, "{after} < {before}");
        assert!(
            before > 300,
            "still a lead of more than three men: {before}"
        );
        let murray = |fen| row(&terms_of("murray", fen), "material");
        let before = murray("8/3k4/mmm5/8/8/MMMMMM2/3K4/8 w - 0 40");
        let after = murray("8/3k4/mm6/8/8/MMMMM3/3K4/8 w - 0 40");
        assert_eq!(after, before);
    }

    /// With `squeeze`, the moves of the side behind are worth its deficit each to it, so the
    /// side ahead gains by taking them away; a search playing the side behind leaves the
    /// term out and defends as before. Black (two men against five) has a8b8, a8a7, h8g8
    /// and h8h7; a White man brought to b8 takes a8b8 away.
    #[test]
    fn squeeze_pays_the_side_ahead_for_each_move_it_takes_away() {
        let open = [
            "m6m", //
            "8",
            "8",
            "8",
            "8",
            "3M4",
            "8",
            "M1M1M1M1 w - 0 100",
        ]
        .join("/");
        let closed = open
            .replacen("m6m", "mM5m", 1)
            .replacen("M1M1M1M1", "M1M1M3", 1);
        let rules = Arc::new(Rules::<u128>::new(preset("locus-ludi-seneca").unwrap()).unwrap());
        let mut w = Weights::default();
        w.set(Weights::index("squeeze").unwrap(), 2);
        let material = |fen: &str, engine| {
            let game = Game::from_fen(rules.clone(), fen).unwrap();
            row(&terms_for(&rules, game.position(), &w, engine), "material")
        };
        // A lead of three men, four Black moves, 2 each.
        assert_eq!(material(&open, None), 300 - 3 * 4 * 2);
        assert_eq!(material(&open, Some(Colour::White)), 300 - 3 * 4 * 2);
        // b8 leaves Black a8a7, h8g8 and h8h7.
        assert_eq!(material(&closed, Some(Colour::White)), 300 - 3 * 3 * 2);
        // Playing Black, the engine does not count it.
        assert_eq!(material(&open, Some(Colour::Black)), 300);
        assert_eq!(material(&closed, Some(Colour::Black)), 300);
    }

    /// With `hunt`, the side ahead gains for every free man it brings within two squares of
    /// a free enemy man, times its lead; the side behind gains nothing by coming close.
    #[test]
    fn hunt_pays_the_side_ahead_for_closing_in() {
        let far = [
            "M6M", //
            "8",
            "8",
            "4m3",
            "3m4",
            "8",
            "8",
            "MM5M w - 0 100",
        ]
        .join("/");
        // Four of the five White men within two squares of d4 or e5 (b1 is not).
        let near = [
            "8", //
            "8",
            "2M2M2",
            "4m3",
            "3m4",
            "2M2M2",
            "8",
            "1M6 w - 0 100",
        ]
        .join("/");
        let material = |fen: &str, hunt| material_with("schadler-2001", fen, "hunt", hunt);
        assert_eq!(material(&far, 5), 300);
        assert_eq!(material(&near, 0), 300);
        // A lead of three men, four hunters, 5 each.
        assert_eq!(material(&near, 5), 300 + 3 * 4 * 5);
        let swapped = near.replace('M', "x").replace('m', "M").replace('x', "m");
        assert_eq!(material(&swapped, 5), -(300 + 3 * 4 * 5));
    }

    /// Where every man must be taken, a trade (four against two, then three against one)
    /// raises the value of the lead with `simplify`; without it the lead stays two men.
    #[test]
    fn simplify_makes_a_trade_pay_for_the_side_ahead() {
        let before = [
            "8",
            "2m5",
            "8",
            "5m2", //
            "8",
            "2M1M3",
            "5M2",
            "1M6 w - 0 90",
        ]
        .join("/");
        let after = [
            "8",
            "2m5",
            "8",
            "8", //
            "8",
            "2M1M3",
            "5M2",
            "8 w - 0 90",
        ]
        .join("/");
        let lead =
            |fen: &str, simplify| material_with("seega-rules-8x8", fen, "simplify", simplify);
        assert_eq!(lead(&before, 0), 200);
        assert_eq!(lead(&after, 0), 200);
        // 62 men in the game: 56 of them gone, then 58.
        assert_eq!(lead(&before, 62), 200 + 2 * 56);
        assert_eq!(lead(&after, 62), 200 + 2 * 58);
        // Black's lead is the mirror image.
        let swapped = after.replace('M', "x").replace('m', "M").replace('x', "m");
        assert_eq!(lead(&swapped, 62), -(200 + 2 * 58));
    }

    /// White's praetorian stands on the edge with two guards; Red's stands inside with one.
    /// White's man on a1 is on a corner, its man on b2 next to one and on the second ring.
    #[test]
    fn guards_the_leader_on_the_edge_and_the_square_classes_are_counted() {
        let fen = [
            "13",
            "13",
            "6m6",
            "6k6",
            "13", //
            "1M11",
            "M1MKM8 w - 0 40",
        ]
        .join("/");
        let with = |name: &str, value| {
            let mut w = Weights::default();
            w.set(Weights::index(name).unwrap(), value);
            terms_with("luductus", &fen, &w)
        };
        let base = with("guard", 0);
        // Guards: White 2 (c1, e1), Red 1 (g5).
        assert_eq!(row(&with("guard", 10), "leader") - row(&base, "leader"), 10);
        // Leaders on an edge: White 1, Red 0.
        assert_eq!(
            row(&with("leader-edge", -20), "leader") - row(&base, "leader"),
            -20
        );
        // Corner: a1; next to a corner: b2; second ring: b2 (g5 is two in from rank 7).
        assert_eq!(
            row(&with("corner", 7), "squares") - row(&base, "squares"),
            7
        );
        assert_eq!(
            row(&with("near-corner", 5), "squares") - row(&base, "squares"),
            5
        );
        assert_eq!(
            row(&with("inner-ring", 3), "squares") - row(&base, "squares"),
            3
        );
    }

    /// A dux shut behind a wall has less room than the side that built it, and the term
    /// is zero where both share the board.
    #[test]
    fn room_counts_the_region_a_side_can_reach() {
        let walled = terms_of(
            "kowalski-8x12",
            "8M3/7M4/6M5/7M3k/6M5/7M4/8M3/K8M2 w - 0 40",
        );
        assert!(row(&walled, "room") > 0, "{walled:?}");
        let open = terms_of(
            "kowalski-8x12",
            "8M3/7M4/6M5/M10k/6M5/7M4/8M3/K8M2 w - 0 40",
        );
        assert!(row(&open, "room") < row(&walled, "room"), "{open:?}");
        let rules = Arc::new(Rules::<u128>::new(preset("kowalski-8x12").unwrap()).unwrap());
        let start = terms(
            &rules,
            Game::new(rules.clone()).position(),
            &Weights::default(),
        );
        assert_eq!(row(&start, "room"), 0);
    }

    /// A net on top of the formula is asked only where the formula's score lies within
    /// LAZY_MARGIN of the window; a net of its own is asked always.
    #[test]
    fn the_net_on_top_is_asked_only_near_the_window() {
        use crate::nnue::{Header, Layout, NetEval, ruleset_digest, train::Model};
        let rules = Arc::new(Rules::<u128>::new(preset("murray").unwrap()).unwrap());
        let layout = Layout::new(&rules);
        let header = Header {
            ruleset: "murray".into(),
            digest: ruleset_digest(&rules.ruleset),
            rows: layout.rows as u16,
            cols: layout.cols as u16,
            provenance: String::new(),
        };
        // 100 centipawns from the output bias alone (QA * QB / 4 is a quarter of SCALE).
        let mut net = Model::new(layout.features(), 3).quantise(header);
        net.ft_weights.fill(0);
        net.ft_bias.fill(0);
        net.out_weights.fill(0);
        net.out_bias = 181 * 256 / 4;
        net.adds_to_formula = true;
        let game = Game::new(rules.clone());
        let w = Weights::default();
        let side = game.position().side;
        let f = evaluate_for(&rules, game.position(), &w, side);
        let mut on_top = NetEval::new(Arc::new(net.clone()), &rules).unwrap();
        let mut at = |window| {
            evaluate_with_net_against(&mut on_top, game.frames(), &rules, &w, side, window)
        };
        assert_eq!(at((f - 50, f + 50)), f + 100);
        assert_eq!(at((f + LAZY_MARGIN - 10, f + LAZY_MARGIN)), f + 100);
        assert_eq!(
            at((f + LAZY_MARGIN, f + LAZY_MARGIN + 10)),
            f,
            "far below alpha"
        );
        assert_eq!(
            at((f - LAZY_MARGIN - 10, f - LAZY_MARGIN)),
            f,
            "far above beta"
        );
        net.adds_to_formula = false;
        let mut alone = NetEval::new(Arc::new(net), &rules).unwrap();
        let far = (f + 1000, f + 1010);
        assert_eq!(
            evaluate_with_net_against(&mut alone, game.frames(), &rules, &w, side, far),
            100
        );
    }
}
