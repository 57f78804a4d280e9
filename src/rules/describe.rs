//! A ruleset in words, generated from its knobs (so the text never drifts from the rules).

use super::compiled::Rules;
use super::fen;
use super::ruleset::*;
use crate::board::Bits;

fn lines_word(l: Lines) -> &'static str {
    match l {
        Lines::Orthogonal => "orthogonally",
        Lines::All => "orthogonally or diagonally",
    }
}

fn movement_words(m: Movement) -> String {
    match m.reach {
        Reach::Step => format!("steps one square {}", lines_word(m.lines)),
        Reach::Slide => format!(
            "slides any distance {} over empty squares",
            lines_word(m.lines)
        ),
    }
}

/// The ruleset described in words, one rule per line.
pub fn describe<B: Bits>(rules: &Rules<B>) -> Vec<String> {
    let r = &rules.ruleset;
    let mut out = vec![format!("{}: {}", r.name, r.source)];
    out.push(format!(
        "Board {} rows x {} columns (files a-{}). Colours: White and {}; {} acts first.",
        r.rows,
        r.cols,
        (b'a' + r.cols as u8 - 1) as char,
        title(r, Colour::Black),
        title(r, r.first_player)
    ));
    out.push(format!(
        "Start position: {}",
        fen::format(rules, &rules.start())
    ));
    if r.has_placement() {
        out.extend(placement(rules));
    }
    out.extend(movement(r));
    out.extend(capture(r));
    out.extend(end(r));
    out
}

/// A colour's name with a capital, as a sentence starts it.
fn title(r: &Ruleset, c: Colour) -> String {
    let mut s = r.colour_name(c).to_string();
    s[..1].make_ascii_uppercase();
    s
}

/// How the pieces in hand are placed.
fn placement<B: Bits>(rules: &Rules<B>) -> Vec<String> {
    let r = &rules.ruleset;
    let mut out = Vec::new();
    let mut region = match r.placement.region {
        Region::Anywhere => "on any empty square".to_string(),
        Region::OwnRows(n) => format!("on an empty square of their own {n} home rows"),
    };
    if r.placement.forbid_centre {
        region.push_str(&format!(
            " but the centre point {}",
            rules.geo.name(rules.geo.centre_point())
        ));
    }
    let leader = if r.hand_leaders > 0 {
        match r.placement.leader_order {
            LeaderOrder::Any => format!(" The {} may be placed at any time.", r.leader_name),
            LeaderOrder::FirstOrLast => format!(
                " The {} must be a side's first or last placed piece.",
                r.leader_name
            ),
            LeaderOrder::AfterMen => {
                format!(" The {} is placed after all the men.", r.leader_name)
            }
        }
    } else {
        String::new()
    };
    let choice = match r.pieces_choice {
        Some((lo, hi)) => format!(" (the players may agree on {lo} to {hi} men)"),
        None => String::new(),
    };
    out.push(format!(
        "Placement: each side holds {} men{}{choice} in hand and places {} per turn {region}; nothing is captured while placing.{leader}",
        r.hand_men,
        if r.hand_leaders > 0 {
            format!(" and {} {}", r.hand_leaders, r.leader_name)
        } else {
            String::new()
        },
        r.placement.per_turn
    ));
    if let Some(c) = r.placement.movement_first {
        out.push(format!("After placement {} moves first.", title(r, c)));
    }
    out
}

/// How men and leaders move, and hop.
fn movement(r: &Ruleset) -> Vec<String> {
    let mut out = Vec::new();
    out.push(format!("Men: each {}.", movement_words(r.man_moves)));
    if r.has_leader {
        out.push(format!(
            "The {}: {}.",
            r.leader_name,
            movement_words(r.leader_moves)
        ));
    }
    if let Some(h) = r.hops {
        let by = match h.by {
            Hoppers::AnyPiece => "Any free piece".to_string(),
            Hoppers::MenOnly => "A man".to_string(),
            Hoppers::LeaderOnly => format!("The {}", r.leader_name),
        };
        let over = match h.over {
            HopOver::AnyPiece => "any adjacent piece",
            HopOver::FriendlyMan => "an adjacent friendly man",
            HopOver::Friendly => "an adjacent friendly piece",
            HopOver::Enemy => "an adjacent enemy piece",
            HopOver::FriendlyOrTrappedEnemy => {
                "an adjacent friendly piece (free or trapped) or trapped enemy piece"
            }
        };
        let chain = if h.chains {
            " and may continue with further jumps (each prefix is a move; never landing twice on a square)"
        } else {
            " (one jump per move)"
        };
        out.push(format!(
            "{by} may jump {} over {over} to the empty square beyond (the jumped piece stays){chain}.",
            lines_word(h.lines)
        ));
    }
    out
}

/// What is captured, and how.
fn capture(r: &Ruleset) -> Vec<String> {
    let mut out = Vec::new();
    let c = r.capture;
    let shape = if c.runs {
        "a run of enemy men closed at both ends by the mover's pieces is captured"
    } else {
        "an enemy man between the landing piece and another of the mover's pieces is captured"
    };
    let effect = match c.effect {
        CaptureEffect::Remove => "",
        CaptureEffect::Immobilise => {
            " (trapped, not removed: a trapped piece cannot move or flank, is freed when no longer held between two free enemies, and may be removed by the enemy as a whole turn)"
        }
    };
    out.push(format!(
        "Capture, looking {} from the landing square: {shape}{effect}. Moving between two enemies is safe.",
        lines_word(c.lines)
    ));
    if c.corners {
        out.push(match c.effect {
            CaptureEffect::Remove => {
                "A man in a corner is captured by enemy pieces on both squares next to it.".into()
            }
            CaptureEffect::Immobilise => {
                "A man in a corner is trapped by free enemy pieces on both squares next to it."
                    .into()
            }
        });
    }
    if c.hostile_corners {
        out.push("The corners act as flankers against both sides, whatever stands on them; a piece in a corner cannot be captured.".into());
    }
    if c.effect == CaptureEffect::Immobilise && r.removal == Removal::BeforeMove {
        out.push("A removal does not end the turn: a side may remove any number of trapped enemy pieces, then must move (or pass if it cannot).".into());
    }
    if r.has_leader {
        out.push(match c.leader {
        LeaderCapture::Immune => format!("The {} can never be captured.", r.leader_name),
        LeaderCapture::AsMan if r.end.leader_loss => format!("The {} is captured like a man, and its side then loses.", r.leader_name),
        LeaderCapture::AsMan => format!("The {} is captured like a man.", r.leader_name),
        LeaderCapture::Enclosure => format!(
            "The {} is captured, and its side loses, when each orthogonal neighbour is off the board or holds an enemy piece.",
            r.leader_name
        ),
        });
    }
    if r.entry_restriction {
        out.push("A piece may not land between two enemy pieces on a rank or file unless that landing traps an enemy piece.".into());
    }
    if r.bonus_move {
        out.push("After a capture the capturing piece moves again (if it can).".into());
    }
    out
}

/// How the game ends.
fn end(r: &Ruleset) -> Vec<String> {
    let mut out = Vec::new();
    let e = &r.end;
    if let Some(m) = &e.material {
        let noun = match m.counted {
            Counted::Men => "men",
            Counted::Pieces => "pieces",
        };
        out.push(if m.at_most == 0 {
            format!("A side that loses all its {noun} loses the game.")
        } else {
            format!(
                "A side with {} or fewer {noun} (board and hand) loses.",
                m.at_most
            )
        });
    }
    out.push(match e.no_move {
        NoMove::Loses => "A side with no legal move loses.".to_string(),
        NoMove::Pass => "A side with no legal move passes; two passes in a row draw.".to_string(),
        NoMove::CountPieces => {
            "A side with no legal move ends the game: more pieces wins, equal draws.".to_string()
        }
    });
    if let Some(n) = e.quiet_limit {
        out.push(format!(
            "After {n} movement plies without capture the side with more pieces wins; equal numbers draw."
        ));
    }
    out.push(
        match e.repetition {
            Repetition::Ignored => "No repetition rule.",
            Repetition::Superko => {
                "Positional superko: no move may recreate an earlier position of the game (passes exempt)."
            }
            Repetition::ThreefoldDraw => {
                "The third occurrence of a position with the same side to move is a draw."
            }
        }
        .to_string(),
    );
    out.push(format!("The game is drawn after {} plies.", e.ply_limit));
    out
}

/// "1 ply", "2 plies": a count of plies in words.
pub fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}
