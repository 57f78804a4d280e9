//! The named rulesets, written as values of the ruleset knobs (see `RULES.md` of the project
//! documentation and `protocol.md`).

use super::ruleset::*;

/// The preset names, in the order the protocol lists them.
pub const PRESETS: [&str; 5] = [
    "kowalski-8x12",
    "schadler-2001",
    "murray",
    "little-soldiers",
    "luductus",
];

/// The default ruleset of the engine.
pub const DEFAULT_PRESET: &str = "kowalski-8x12";

/// Pieces per side that `schadler-2001` allows.
pub const SCHADLER_PIECES: std::ops::RangeInclusive<u8> = 16..=24;

const ROOK: Movement = Movement {
    reach: Reach::Slide,
    lines: Lines::Orthogonal,
};

const NO_PLACEMENT: Placement = Placement {
    region: Region::Anywhere,
    leader_order: LeaderOrder::Any,
    per_turn: 1,
    movement_first: None,
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

const STANDARD_END: End = End {
    men_lost: None,
    no_move: NoMove::Loses,
    quiet_limit: None,
    repetition: Repetition::Ignored,
    ply_limit: 2500,
};

/// The preset called `name`; `pieces` is the pieces per side of `schadler-2001` (16..=24).
pub fn preset(name: &str, pieces: u8) -> Result<Ruleset, String> {
    let r = match name {
        "kowalski-8x12" => Ruleset {
            name: name.into(),
            source: "Kowalski 8x12 (Ludii): 12 men and a dux each, superko",
            rows: 8,
            cols: 12,
            black_name: "black",
            leader_name: "dux",
            white_at_bottom: true,
            first_player: Colour::White,
            layout: "mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM".into(),
            hand_men: 0,
            hand_leaders: 0,
            has_leader: true,
            placement: NO_PLACEMENT,
            man_moves: ROOK,
            leader_moves: ROOK,
            hops: None,
            capture: Capture {
                corners: true,
                ..CUSTODIAL
            },
            entry_restriction: false,
            bonus_move: false,
            end: End {
                repetition: Repetition::Superko,
                ..STANDARD_END
            },
        },
        "schadler-2001" => {
            if !SCHADLER_PIECES.contains(&pieces) {
                return Err(format!(
                    "schadler-2001 is played with 16 to 24 pieces per side, not {pieces}"
                ));
            }
            Ruleset {
                name: name.into(),
                source: "Schaedler 2001: placement, steps, hop chains, trap then remove",
                rows: 8,
                cols: 8,
                black_name: "black",
                leader_name: "leader",
                white_at_bottom: true,
                first_player: Colour::White,
                layout: "8/8/8/8/8/8/8/8".into(),
                hand_men: pieces,
                hand_leaders: 0,
                has_leader: false,
                placement: Placement {
                    movement_first: Some(Colour::White),
                    ..NO_PLACEMENT
                },
                man_moves: Movement {
                    reach: Reach::Step,
                    lines: Lines::Orthogonal,
                },
                leader_moves: ROOK,
                hops: Some(Hops {
                    by: Hoppers::AnyPiece,
                    over: HopOver::AnyPiece,
                    chains: true,
                }),
                capture: Capture {
                    effect: CaptureEffect::Immobilise,
                    ..CUSTODIAL
                },
                entry_restriction: true,
                bonus_move: false,
                end: End {
                    men_lost: Some((1, "one piece left")),
                    no_move: NoMove::Pass,
                    repetition: Repetition::Superko,
                    ..STANDARD_END
                },
            }
        }
        "murray" => Ruleset {
            name: name.into(),
            source: "Murray / Parlett: 8 men and a king each, kings immune",
            rows: 8,
            cols: 8,
            black_name: "black",
            leader_name: "king",
            white_at_bottom: false,
            first_player: Colour::Black,
            layout: "MMMMMMMM/4K3/8/8/8/8/3k4/mmmmmmmm".into(),
            hand_men: 0,
            hand_leaders: 0,
            has_leader: true,
            placement: NO_PLACEMENT,
            man_moves: ROOK,
            leader_moves: ROOK,
            hops: None,
            capture: CUSTODIAL,
            entry_restriction: false,
            bonus_move: false,
            end: End {
                men_lost: Some((0, "only the king left")),
                repetition: Repetition::ThreefoldDraw,
                ..STANDARD_END
            },
        },
        "little-soldiers" => Ruleset {
            name: name.into(),
            source: "The Game of Little Soldiers: 12 men each, 60 quiet plies",
            rows: 8,
            cols: 8,
            black_name: "black",
            leader_name: "leader",
            white_at_bottom: true,
            first_player: Colour::White,
            layout: "mmmmmmmm/2mmmm2/8/8/8/8/2MMMM2/MMMMMMMM".into(),
            hand_men: 0,
            hand_leaders: 0,
            has_leader: false,
            placement: NO_PLACEMENT,
            man_moves: ROOK,
            leader_moves: ROOK,
            hops: None,
            capture: CUSTODIAL,
            entry_restriction: false,
            bonus_move: false,
            end: End {
                men_lost: Some((2, "two men or fewer")),
                quiet_limit: Some(60),
                ..STANDARD_END
            },
        },
        "luductus" => Ruleset {
            name: name.into(),
            source: "Luductus (Keandra): placement, line captures, praetorian enclosure",
            rows: 7,
            cols: 13,
            black_name: "red",
            leader_name: "praetorian",
            white_at_bottom: false,
            first_player: Colour::Black,
            layout: "13/13/13/13/13/13/13".into(),
            hand_men: 11,
            hand_leaders: 1,
            has_leader: true,
            placement: Placement {
                region: Region::OwnRows(2),
                leader_order: LeaderOrder::FirstOrLast,
                per_turn: 1,
                movement_first: Some(Colour::White),
            },
            man_moves: ROOK,
            leader_moves: ROOK,
            hops: Some(Hops {
                by: Hoppers::LeaderOnly,
                over: HopOver::FriendlyMan,
                chains: false,
            }),
            capture: Capture {
                lines: Lines::All,
                runs: true,
                leader: LeaderCapture::Enclosure,
                ..CUSTODIAL
            },
            entry_restriction: false,
            bonus_move: false,
            end: End {
                men_lost: Some((0, "no legionaries left")),
                quiet_limit: Some(30),
                ..STANDARD_END
            },
        },
        _ => {
            return Err(format!(
                "unknown variant '{name}' (known: {})",
                PRESETS.join(", ")
            ));
        }
    };
    Ok(r)
}
