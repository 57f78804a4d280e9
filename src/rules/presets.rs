//! The named rulesets, written as values of the ruleset knobs (see `RULES.md` of the project
//! documentation and `protocol.md`).

use super::ruleset::*;

/// The ten boards (rows x columns) of the "(Seega Rules)" and "(Kharebga Rules)" presets.
pub const SEEGA_RULES_BOARDS: [(usize, usize); 10] = [
    (6, 6),
    (6, 7),
    (6, 8),
    (7, 8),
    (8, 8),
    (8, 9),
    (9, 10),
    (10, 10),
    (11, 12),
    (11, 16),
];

/// The preset names, in the order the protocol lists them.
pub const PRESETS: [&str; 38] = [
    "kowalski-8x12",
    "schadler-2001",
    "murray",
    "little-soldiers",
    "luductus",
    "schadler-1994",
    "locus-ludi-seneca",
    "locus-ludi-piso",
    "museum-quintana",
    "falkener",
    "kowalski-10x11",
    "bell-8x7",
    "bell-8x8",
    "seega-rules-6x6",
    "seega-rules-6x7",
    "seega-rules-6x8",
    "seega-rules-7x8",
    "seega-rules-8x8",
    "seega-rules-8x9",
    "seega-rules-9x10",
    "seega-rules-10x10",
    "seega-rules-11x12",
    "seega-rules-11x16",
    "kharebga-rules-6x6",
    "kharebga-rules-6x7",
    "kharebga-rules-6x8",
    "kharebga-rules-7x8",
    "kharebga-rules-8x8",
    "kharebga-rules-8x9",
    "kharebga-rules-9x10",
    "kharebga-rules-10x10",
    "kharebga-rules-11x12",
    "kharebga-rules-11x16",
    "seega-5x5",
    "seega-7x7",
    "seega-9x9",
    "kharebga-5x5",
    "kharebga-7x7",
];

/// The default ruleset of the engine.
pub const DEFAULT_PRESET: &str = "kowalski-8x12";

/// Pieces per side that `schadler-2001` allows.
pub const SCHADLER_PIECES: std::ops::RangeInclusive<u8> = 16..=24;

const ROOK: Movement = Movement {
    reach: Reach::Slide,
    lines: Lines::Orthogonal,
};

const STEP: Movement = Movement {
    reach: Reach::Step,
    lines: Lines::Orthogonal,
};

const NO_PLACEMENT: Placement = Placement {
    region: Region::Anywhere,
    forbid_centre: false,
    leader_order: LeaderOrder::Any,
    per_turn: 1,
    movement_first: None,
};

/// One piece per turn anywhere; White makes the first movement ply.
const PLACE_ANYWHERE: Placement = Placement {
    movement_first: Some(Colour::White),
    ..NO_PLACEMENT
};

const CUSTODIAL: Capture = Capture {
    lines: Lines::Orthogonal,
    runs: false,
    effect: CaptureEffect::Remove,
    corners: false,
    hostile_corners: false,
    leader: LeaderCapture::Immune,
    leader_flanks: true,
};

const TRAP: Capture = Capture {
    effect: CaptureEffect::Immobilise,
    ..CUSTODIAL
};

const STANDARD_END: End = End {
    material: None,
    leader_loss: false,
    no_move: NoMove::Loses,
    quiet_limit: None,
    repetition: Repetition::Ignored,
    ply_limit: 2500,
};

const SUPERKO_PASS: End = End {
    no_move: NoMove::Pass,
    repetition: Repetition::Superko,
    ..STANDARD_END
};

/// The knobs every preset starts from: an empty 8x8 board, men that slide, orthogonal
/// custody, White first, no leader.
fn base(name: &str, source: &str, rows: usize, cols: usize) -> Ruleset {
    Ruleset {
        name: name.into(),
        source: source.into(),
        rows,
        cols,
        black_name: "black".into(),
        leader_name: "leader".into(),
        white_at_bottom: true,
        first_player: Colour::White,
        layout: empty_layout(rows, cols),
        hand_men: 0,
        hand_leaders: 0,
        pieces_choice: None,
        has_leader: false,
        placement: NO_PLACEMENT,
        man_moves: ROOK,
        leader_moves: ROOK,
        hops: None,
        capture: CUSTODIAL,
        removal: Removal::InsteadOfMove,
        entry_restriction: false,
        bonus_move: false,
        end: STANDARD_END,
        placement_planner: PlacementPlanner::Mcts,
    }
}

fn empty_layout(rows: usize, cols: usize) -> String {
    vec![cols.to_string(); rows].join("/")
}

/// A layout from a function telling what stands on (row, col), row 0 = rank 1.
fn layout(rows: usize, cols: usize, piece: impl Fn(usize, usize) -> Option<char>) -> String {
    let mut out = Vec::new();
    for r in (0..rows).rev() {
        let mut row = String::new();
        let mut run = 0;
        for c in 0..cols {
            match piece(r, c) {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(p);
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        out.push(row);
    }
    out.join("/")
}

/// The family of section 6 of the rules reference (every preset beyond the five seeds).
fn family(name: &str) -> Option<Ruleset> {
    let seega_board = |prefix: &str| {
        let dims = name.strip_prefix(prefix)?;
        let (r, c) = dims.split_once('x')?;
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        SEEGA_RULES_BOARDS.contains(&(r, c)).then_some((r, c))
    };
    let seega =
        |source: &str, rows: usize, cols: usize, men: u8, moves: Movement, end: End| Ruleset {
            hand_men: men,
            placement: Placement {
                per_turn: 2,
                forbid_centre: true,
                ..PLACE_ANYWHERE
            },
            man_moves: moves,
            end,
            ..base(name, source, rows, cols)
        };
    let pieces_left = |k: u8| End {
        material: Some(MaterialEnd::new(Counted::Pieces, k)),
        ..SUPERKO_PASS
    };
    let r = match name {
        "schadler-1994" => Ruleset {
            hand_men: 16,
            placement: PLACE_ANYWHERE,
            man_moves: STEP,
            hops: Some(Hops {
                by: Hoppers::AnyPiece,
                over: HopOver::AnyPiece,
                lines: Lines::Orthogonal,
                chains: true,
            }),
            capture: TRAP,
            end: pieces_left(1),
            placement_planner: PlacementPlanner::AlphaBeta,
            ..base(
                name,
                "Schaedler 1994: placement, steps, hop chains, trap then remove; no entry restriction",
                8,
                8,
            )
        },
        "locus-ludi-seneca" => Ruleset {
            hand_men: 20,
            placement: PLACE_ANYWHERE,
            man_moves: STEP,
            hops: Some(Hops {
                by: Hoppers::AnyPiece,
                over: HopOver::FriendlyOrTrappedEnemy,
                lines: Lines::Orthogonal,
                chains: true,
            }),
            capture: Capture {
                corners: true,
                ..TRAP
            },
            removal: Removal::BeforeMove,
            end: End {
                no_move: NoMove::CountPieces,
                ..pieces_left(1)
            },
            placement_planner: PlacementPlanner::AlphaBeta,
            ..base(
                name,
                "Locus Ludi (Seneca): placement, steps, hop chains over own or trapped pieces, traps and corner traps, removals before a move",
                8,
                8,
            )
        },
        "locus-ludi-piso" => Ruleset {
            hand_men: 20,
            placement: PLACE_ANYWHERE,
            man_moves: STEP,
            capture: Capture {
                corners: true,
                ..CUSTODIAL
            },
            end: End {
                no_move: NoMove::CountPieces,
                ..pieces_left(1)
            },
            placement_planner: PlacementPlanner::AlphaBeta,
            ..base(
                name,
                "Locus Ludi (Piso): placement, steps, custody and corner capture",
                8,
                8,
            )
        },
        "museum-quintana" => Ruleset {
            layout: layout(8, 8, |r, _| match r {
                0 | 1 => Some('M'),
                6 | 7 => Some('m'),
                _ => None,
            }),
            end: pieces_left(0),
            ..base(
                name,
                "Museum Quintana: 16 men each on their two home rows, slides, custody",
                8,
                8,
            )
        },
        "falkener" => Ruleset {
            layout: layout(12, 12, |r, c| match r {
                _ if (r + c) % 2 == 1 => None,
                0..=4 => Some('M'),
                7..=11 => Some('m'),
                _ => None,
            }),
            man_moves: Movement {
                reach: Reach::Step,
                lines: Lines::All,
            },
            hops: Some(Hops {
                by: Hoppers::AnyPiece,
                over: HopOver::Enemy,
                lines: Lines::All,
                chains: false,
            }),
            capture: Capture {
                lines: Lines::All,
                ..CUSTODIAL
            },
            end: End {
                repetition: Repetition::Superko,
                ..STANDARD_END
            },
            ..base(
                name,
                "Falkener: 30 men each on one colour of a 12x12 board, steps and hops in 8 directions, custody in 8 directions",
                12,
                12,
            )
        },
        "kowalski-10x11" => Ruleset {
            layout: "mmmmmkmmmmm/11/11/11/11/11/11/11/11/MMMMMKMMMMM".into(),
            leader_name: "dux".into(),
            has_leader: true,
            capture: Capture {
                corners: true,
                ..CUSTODIAL
            },
            end: End {
                repetition: Repetition::Superko,
                ..STANDARD_END
            },
            ..base(
                name,
                "Kowalski 10x11 (Ludii): 10 men and a dux each, superko",
                10,
                11,
            )
        },
        "bell-8x7" | "bell-8x8" => {
            let cols = if name == "bell-8x7" { 7 } else { 8 };
            Ruleset {
                leader_name: "dux".into(),
                has_leader: true,
                hand_men: 16,
                hand_leaders: 1,
                placement: Placement {
                    per_turn: 2,
                    leader_order: LeaderOrder::AfterMen,
                    ..PLACE_ANYWHERE
                },
                man_moves: STEP,
                leader_moves: STEP,
                hops: Some(Hops {
                    by: Hoppers::LeaderOnly,
                    over: HopOver::Enemy,
                    lines: Lines::Orthogonal,
                    chains: false,
                }),
                capture: Capture {
                    hostile_corners: true,
                    leader: LeaderCapture::AsMan,
                    ..CUSTODIAL
                },
                bonus_move: true,
                end: End {
                    quiet_limit: Some(30),
                    ..pieces_left(0)
                },
                ..base(
                    name,
                    "Bell: 16 men and a dux placed two at a time, steps, the dux hops, hostile corners, a bonus move after a capture",
                    8,
                    cols,
                )
            }
        }
        _ => {
            if let Some((rows, cols)) = seega_board("seega-rules-") {
                let men = ((rows * cols - 1) / 2) as u8;
                return Some(seega(
                    "Seega (Seega Rules, Ludii): placement two at a time but not on the centre, steps, custody",
                    rows,
                    cols,
                    men,
                    STEP,
                    pieces_left(1),
                ));
            }
            if let Some((rows, cols)) = seega_board("kharebga-rules-") {
                let men = ((rows * cols - 1) / 2) as u8;
                return Some(seega(
                    "Kharebga (Kharebga Rules, Ludii): placement two at a time but not on the centre, slides, custody",
                    rows,
                    cols,
                    men,
                    ROOK,
                    pieces_left(1),
                ));
            }
            let no_repetition = End {
                material: Some(MaterialEnd::new(Counted::Pieces, 0)),
                no_move: NoMove::Pass,
                ..STANDARD_END
            };
            let (moves, side, men, source) = match name {
                "seega-5x5" => (STEP, 5, 12, "Seega (Khamsawee): 5x5, steps, capture all"),
                "seega-7x7" => (STEP, 7, 24, "Seega (Sebawee): 7x7, steps, capture all"),
                "seega-9x9" => (STEP, 9, 40, "Seega (Tisawee): 9x9, steps, capture all"),
                "kharebga-5x5" => (ROOK, 5, 12, "Kharebga: 5x5, slides, capture all"),
                "kharebga-7x7" => (ROOK, 7, 24, "Kharebga: 7x7, slides, capture all"),
                _ => return None,
            };
            return Some(seega(source, side, side, men, moves, no_repetition));
        }
    };
    Some(r)
}

/// The preset called `name`; `pieces` is the men in hand per side where the ruleset lets
/// the players choose (`schadler-2001`: 16..=24), ignored elsewhere.
pub fn preset(name: &str, pieces: u8) -> Result<Ruleset, String> {
    let r = match name {
        "kowalski-8x12" => Ruleset {
            layout: "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM".into(),
            leader_name: "dux".into(),
            has_leader: true,
            capture: Capture {
                corners: true,
                ..CUSTODIAL
            },
            end: End {
                repetition: Repetition::Superko,
                ..STANDARD_END
            },
            ..base(
                name,
                "Kowalski 8x12 (Ludii): 12 men and a dux each, superko",
                8,
                12,
            )
        },
        "schadler-2001" => Ruleset {
            hand_men: 16,
            pieces_choice: Some((*SCHADLER_PIECES.start(), *SCHADLER_PIECES.end())),
            placement: PLACE_ANYWHERE,
            man_moves: STEP,
            hops: Some(Hops {
                by: Hoppers::AnyPiece,
                over: HopOver::AnyPiece,
                lines: Lines::Orthogonal,
                chains: true,
            }),
            capture: TRAP,
            entry_restriction: true,
            end: End {
                material: Some(MaterialEnd::new(Counted::Men, 1).worded("has one piece left")),
                ..SUPERKO_PASS
            },
            placement_planner: PlacementPlanner::AlphaBeta,
            ..base(
                name,
                "Schaedler 2001: placement, steps, hop chains, trap then remove",
                8,
                8,
            )
        }
        .with_pieces(pieces)?,
        "murray" => Ruleset {
            layout: "MMMMMMMM/4K3/8/8/8/8/3k4/mmmmmmmm".into(),
            leader_name: "king".into(),
            has_leader: true,
            white_at_bottom: false,
            first_player: Colour::Black,
            end: End {
                material: Some(MaterialEnd::new(Counted::Men, 0).worded("has only the king left")),
                repetition: Repetition::ThreefoldDraw,
                ..STANDARD_END
            },
            ..base(
                name,
                "Murray / Parlett: 8 men and a king each, kings immune",
                8,
                8,
            )
        },
        "little-soldiers" => Ruleset {
            layout: "mmmmmmmm/2mmmm2/8/8/8/8/2MMMM2/MMMMMMMM".into(),
            end: End {
                material: Some(MaterialEnd::new(Counted::Men, 2).worded("has two men or fewer")),
                quiet_limit: Some(60),
                ..STANDARD_END
            },
            ..base(
                name,
                "The Game of Little Soldiers: 12 men each, 60 quiet plies",
                8,
                8,
            )
        },
        "luductus" => Ruleset {
            black_name: "red".into(),
            leader_name: "praetorian".into(),
            white_at_bottom: false,
            first_player: Colour::Black,
            hand_men: 11,
            hand_leaders: 1,
            has_leader: true,
            placement: Placement {
                region: Region::OwnRows(2),
                leader_order: LeaderOrder::FirstOrLast,
                movement_first: Some(Colour::White),
                ..NO_PLACEMENT
            },
            hops: Some(Hops {
                by: Hoppers::LeaderOnly,
                over: HopOver::FriendlyMan,
                lines: Lines::Orthogonal,
                chains: false,
            }),
            capture: Capture {
                lines: Lines::All,
                runs: true,
                leader: LeaderCapture::Enclosure,
                ..CUSTODIAL
            },
            end: End {
                material: Some(MaterialEnd::new(Counted::Men, 0).worded("has no legionaries left")),
                leader_loss: true,
                quiet_limit: Some(30),
                ..STANDARD_END
            },
            ..base(
                name,
                "Luductus (Keandra): placement, line captures, praetorian enclosure",
                7,
                13,
            )
        },
        _ => match family(name) {
            Some(r) => r,
            None => {
                return Err(format!(
                    "unknown variant '{name}' (known: {})",
                    PRESETS.join(", ")
                ));
            }
        },
    };
    Ok(r)
}
