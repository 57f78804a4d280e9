//! The position string ("FEN"): parsed into an unvalidated [`Setup`], then validated against
//! a ruleset into a [`Position`]. See `protocol.md` for the format.
//!
//! `<board> <side> <hands> <quiet> <ply> [p<passes>] [+<square> | x]`, e.g. the
//! kowalski-8x12 start: `mmmmmmmmmmmm/5k6/12/12/12/12/6K5/MMMMMMMMMMMM w - 0 0`. The last
//! field tells a turn that goes on: `+e5` when the piece on e5 plays a bonus move, `x` after
//! a removal that does not end the turn.

use super::compiled::Rules;
use super::error::{PositionError, PositionErrorKind};
use super::position::{Position, Turn};
use super::ruleset::*;
use crate::board::Bits;

/// A piece as the string writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    pub colour: Colour,
    pub kind: Kind,
    pub trapped: bool,
}

/// A position string read but not yet checked against any ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Rows top to bottom; each cell empty or holding a piece.
    pub rows: Vec<Vec<Option<SetupPiece>>>,
    /// The side-to-move letter as written (`w`, or the other colour's initial).
    pub side: char,
    /// `hands[colour][kind]`.
    pub hands: [[u8; 2]; 2],
    pub quiet: u16,
    pub ply: u32,
    pub passes: u8,
    pub turn: SetupTurn,
}

/// The state of the turn as the string writes it (the square is checked against the board
/// only when the setup is validated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupTurn {
    Fresh,
    /// `+<square>`: the piece there plays a bonus move.
    Bonus(String),
    /// `x`: removals were made this turn; a movement ply must follow.
    Removing,
}

fn piece_letter(p: SetupPiece) -> char {
    let c = match (p.kind, p.trapped) {
        (Kind::Leader, _) => 'k',
        (Kind::Man, true) => 't',
        (Kind::Man, false) => 'm',
    };
    if p.colour == Colour::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

fn letter_piece(c: char) -> Option<SetupPiece> {
    let colour = if c.is_ascii_uppercase() {
        Colour::White
    } else {
        Colour::Black
    };
    let (kind, trapped) = match c.to_ascii_lowercase() {
        'm' => (Kind::Man, false),
        't' => (Kind::Man, true),
        'k' => (Kind::Leader, false),
        _ => return None,
    };
    Some(SetupPiece {
        colour,
        kind,
        trapped,
    })
}

/// Reads a decimal count without sign or leading zeros.
fn count<T: std::str::FromStr>(
    text: &str,
    what: &str,
    kind: PositionErrorKind,
) -> Result<T, PositionError> {
    let wrong = |why: &str| PositionError::new(kind, format!("{what} '{text}' {why}"));
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(wrong("is not a number"));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(wrong("has a leading zero"));
    }
    text.parse().map_err(|_| wrong("is out of range"))
}

/// A row of a position string for people: rows are written from the top, so the first is the
/// highest rank.
fn row_name(index: usize, rows: usize) -> String {
    format!("row {} from the top (rank {})", index + 1, rows - index)
}

fn parse_row(
    text: &str,
    index: usize,
    rows: usize,
) -> Result<Vec<Option<SetupPiece>>, PositionError> {
    let row = row_name(index, rows);
    let at = |col: usize| format!("{row} '{text}', character {}", col + 1);
    let wrong = |message: String| PositionError::new(PositionErrorKind::Row, message);
    if text.is_empty() {
        return Err(wrong(format!("{row} is empty")));
    }
    let mut cells = Vec::new();
    let mut run = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        if ch.is_ascii_digit() {
            run.push(ch);
            if i + 1 < chars.len() && chars[i + 1].is_ascii_digit() {
                continue;
            }
            let n: usize = count(&run, "empty-square run", PositionErrorKind::Row)
                .map_err(|e| wrong(format!("{}: {e}", at(i))))?;
            if n == 0 {
                return Err(wrong(format!("{}: an empty run of 0 squares", at(i))));
            }
            if cells.len() + n > 64 {
                return Err(wrong(format!("{}: row too long", at(i))));
            }
            cells.extend(std::iter::repeat_n(None, n));
            run.clear();
        } else if let Some(p) = letter_piece(ch) {
            cells.push(Some(p));
        } else {
            return Err(wrong(format!(
                "{}: '{ch}' is not a piece letter (M m man, K k leader, T t trapped man) or a number",
                at(i)
            )));
        }
    }
    Ok(cells)
}

fn parse_hands(text: &str) -> Result<[[u8; 2]; 2], PositionError> {
    let wrong = |why: String| {
        PositionError::new(PositionErrorKind::Hands, format!("hands '{text}': {why}"))
    };
    let mut hands = [[0u8; 2]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let order = ['K', 'M', 'k', 'm'];
    let mut next = 0;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let Some(pos) = order.iter().position(|&c| c == letter) else {
            return Err(wrong(format!("'{letter}' is not K, M, k or m")));
        };
        if pos < next {
            return Err(wrong(
                "list K, M, k, m in that order, each at most once".into(),
            ));
        }
        next = pos + 1;
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let n: u8 = count(
            &digits,
            &format!("hand count of '{letter}'"),
            PositionErrorKind::Hands,
        )
        .map_err(|e| wrong(e.to_string()))?;
        if n == 0 {
            return Err(wrong("omit a letter instead of giving it 0".into()));
        }
        let colour = if letter.is_ascii_uppercase() { 0 } else { 1 };
        let kind = if letter.eq_ignore_ascii_case(&'k') {
            1
        } else {
            0
        };
        hands[colour][kind] = n;
        i += 1 + digits.len();
    }
    Ok(hands)
}

/// Reads a position string without reference to any ruleset.
pub fn parse(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 5 || fields.len() > 7 {
        return Err(PositionError::new(
            PositionErrorKind::Fields,
            format!(
                "expected 5 to 7 fields (board side hands quiet ply [p<passes>] [+<square> | x]), found {}",
                fields.len()
            ),
        ));
    }
    let row_count = fields[0].split('/').count();
    let rows = fields[0]
        .split('/')
        .enumerate()
        .map(|(i, r)| parse_row(r, i, row_count))
        .collect::<Result<Vec<_>, _>>()?;
    let mut side_chars = fields[1].chars();
    let side = match (side_chars.next(), side_chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => c,
        _ => {
            return Err(PositionError::new(
                PositionErrorKind::Side,
                format!(
                    "side to move '{}' must be one lowercase letter (w, b or r)",
                    fields[1]
                ),
            ));
        }
    };
    let hands = parse_hands(fields[2])?;
    let quiet = count(fields[3], "quiet-ply counter", PositionErrorKind::Counter)?;
    let ply = count(fields[4], "ply number", PositionErrorKind::Counter)?;
    let mut passes = 0;
    let mut turn = SetupTurn::Fresh;
    for (i, f) in fields.iter().enumerate().skip(5) {
        let ordinal = if i == 5 { "sixth" } else { "seventh" };
        match *f {
            "p1" | "p2" if i == 5 => passes = if *f == "p1" { 1 } else { 2 },
            "x" if turn == SetupTurn::Fresh => turn = SetupTurn::Removing,
            b if b.len() > 1 && b.starts_with('+') && turn == SetupTurn::Fresh => {
                turn = SetupTurn::Bonus(b[1..].to_string())
            }
            other => {
                return Err(PositionError::new(
                    PositionErrorKind::Fields,
                    format!(
                        "{ordinal} field '{other}' must be p1 or p2 (passes in a row, sixth field only), +<square> (a bonus move) or x (after a removal)"
                    ),
                ));
            }
        }
    }
    Ok(Setup {
        rows,
        side,
        hands,
        quiet,
        ply,
        passes,
        turn,
    })
}

/// Checks a setup against the rules and builds the position, or says what is impossible.
pub fn validate<B: Bits>(rules: &Rules<B>, s: &Setup) -> Result<Position<B>, PositionError> {
    let r = &rules.ruleset;
    let geo = &rules.geo;
    if s.rows.len() != r.rows {
        return Err(PositionError::new(
            PositionErrorKind::BoardSize,
            format!("board has {} rows, {} has {}", s.rows.len(), r.name, r.rows),
        ));
    }
    let mut pos = Position::<B>::empty();
    for (i, row) in s.rows.iter().enumerate() {
        if row.len() != r.cols {
            return Err(PositionError::new(
                PositionErrorKind::BoardSize,
                format!(
                    "{} has {} squares, {} has {} columns",
                    row_name(i, s.rows.len()),
                    row.len(),
                    r.name,
                    r.cols
                ),
            ));
        }
        let rank = r.rows - 1 - i;
        for (col, cell) in row.iter().enumerate() {
            let Some(p) = cell else { continue };
            let sq = geo.square(rank, col);
            if p.kind == Kind::Leader && !r.has_leader {
                return Err(PositionError::new(
                    PositionErrorKind::Pieces,
                    format!("{}: {} has no leaders", geo.name(sq), r.name),
                ));
            }
            if p.trapped && r.capture.effect != CaptureEffect::Immobilise {
                return Err(PositionError::new(
                    PositionErrorKind::Pieces,
                    format!("{}: {} has no trapped pieces", geo.name(sq), r.name),
                ));
            }
            pos.put(p.colour, p.kind, sq);
            if p.trapped {
                pos.set_trapped(p.colour, sq, true);
            }
        }
    }
    pos.side = r.colour_named(&s.side.to_string()).ok_or_else(|| {
        PositionError::new(
            PositionErrorKind::Side,
            format!(
                "side to move '{}' is not w or {} in {}",
                s.side,
                &r.black_name[..1],
                r.name
            ),
        )
    })?;
    for c in [Colour::White, Colour::Black] {
        for kind in [Kind::Man, Kind::Leader] {
            pos.set_hand(c, kind, s.hands[c.index()][kind as usize]);
        }
    }
    pos.quiet = s.quiet;
    pos.ply = s.ply;
    pos.passes = s.passes;
    pos.turn = match &s.turn {
        SetupTurn::Fresh => Turn::Fresh,
        SetupTurn::Removing => {
            if r.removal != Removal::BeforeMove {
                return Err(PositionError::new(
                    PositionErrorKind::Removal,
                    format!("{} has no removals before a move ('x')", r.name),
                ));
            }
            Turn::Removing
        }
        SetupTurn::Bonus(name) => {
            let bonus = |message: String| PositionError::new(PositionErrorKind::Bonus, message);
            let sq = geo
                .parse_square(name)
                .map_err(|e| bonus(format!("bonus move '+{name}': {e}")))?;
            if !r.bonus_move {
                return Err(bonus(format!("{} has no bonus moves ('+{name}')", r.name)));
            }
            let mover = pos.occupied_by(pos.side) & !pos.trapped;
            if !mover.has(sq) {
                return Err(bonus(format!(
                    "bonus move '+{name}': no free {} piece on {name}",
                    r.colour_name(pos.side)
                )));
            }
            Turn::Bonus(sq as u8)
        }
    };
    check_counts(rules, &pos)?;
    check_phase(rules, &pos)?;
    check_trapped(rules, &pos)?;
    Ok(pos)
}

fn check_counts<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> Result<(), PositionError> {
    let r = &rules.ruleset;
    let wrong = |message: String| PositionError::new(PositionErrorKind::Pieces, message);
    for c in [Colour::White, Colour::Black] {
        let (max_men, max_leaders) = rules.piece_totals(c);
        let name = r.colour_name(c);
        let hand = pos.hand[c.index()];
        if hand[0] > r.hand_men || hand[1] > r.hand_leaders {
            return Err(wrong(format!(
                "{name} holds {} men and {} leaders in hand; {} starts with {} and {}",
                hand[0], hand[1], r.name, r.hand_men, r.hand_leaders
            )));
        }
        if pos.men_total(c) > max_men {
            return Err(wrong(format!(
                "{name} has {} men on the board and in hand; {} has {max_men}",
                pos.men_total(c),
                r.name
            )));
        }
        if pos.leaders_total(c) > max_leaders {
            return Err(wrong(format!(
                "{name} has {} leaders on the board and in hand; {} has {max_leaders}",
                pos.leaders_total(c),
                r.name
            )));
        }
    }
    Ok(())
}

fn check_phase<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> Result<(), PositionError> {
    let r = &rules.ruleset;
    let wrong = |message: String| PositionError::new(PositionErrorKind::Phase, message);
    let placed = (2 * r.hand_total())
        .saturating_sub(pos.in_hand(Colour::White) + pos.in_hand(Colour::Black));
    if pos.ply < placed {
        return Err(wrong(format!(
            "ply number {} is smaller than the {placed} pieces already placed",
            pos.ply
        )));
    }
    if pos.quiet as u32 > pos.ply {
        return Err(wrong(format!(
            "quiet-ply counter {} exceeds the ply number {}",
            pos.quiet, pos.ply
        )));
    }
    let passes_exist = r.end.no_move == NoMove::Pass
        || (r.removal == Removal::BeforeMove && r.capture.effect == CaptureEffect::Immobilise);
    if pos.passes > 0 && !passes_exist {
        return Err(PositionError::new(
            PositionErrorKind::Passes,
            format!("{} has no passes", r.name),
        ));
    }
    if pos.placing() {
        if pos.in_hand(pos.side) == 0 {
            return Err(wrong(format!(
                "{} is to move but has nothing left to place while the placement phase goes on",
                r.colour_name(pos.side)
            )));
        }
        if pos.quiet != 0 || pos.passes != 0 || pos.turn != Turn::Fresh {
            return Err(wrong(
                "quiet plies, passes, bonus moves and removals cannot occur during placement"
                    .into(),
            ));
        }
        for c in [Colour::White, Colour::Black] {
            let outside = pos.occupied_by(c) & !rules.placement_region(c);
            if outside.any() {
                return Err(wrong(format!(
                    "{} piece on {} lies outside its placement region during placement",
                    r.colour_name(c),
                    rules.geo.name(outside.lowest())
                )));
            }
        }
    }
    Ok(())
}

fn check_trapped<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> Result<(), PositionError> {
    let mut freed = *pos;
    rules.release(&mut freed);
    let loose = pos.trapped & !freed.trapped;
    if loose.any() {
        return Err(PositionError::new(
            PositionErrorKind::Trapped,
            format!(
                "the trapped piece on {} is not held between two free enemy pieces",
                rules.geo.name(loose.lowest())
            ),
        ));
    }
    Ok(())
}

/// Writes a position as its string. `parse` and `validate` read it back exactly.
pub fn format<B: Bits>(rules: &Rules<B>, pos: &Position<B>) -> String {
    let r = &rules.ruleset;
    let geo = &rules.geo;
    let mut out = String::new();
    for rank in (0..r.rows).rev() {
        let mut empty = 0;
        for col in 0..r.cols {
            let sq = geo.square(rank, col);
            match pos.piece_at(sq) {
                None => empty += 1,
                Some((colour, kind)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_letter(SetupPiece {
                        colour,
                        kind,
                        trapped: pos.trapped.has(sq),
                    }));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = match pos.side {
        Colour::White => "w",
        Colour::Black => &r.black_name[..1],
    };
    let mut hands = String::new();
    for (c, kind, letter) in [(0, 1, 'K'), (0, 0, 'M'), (1, 1, 'k'), (1, 0, 'm')] {
        let n = pos.hand[c][kind];
        if n > 0 {
            hands.push_str(&format!("{letter}{n}"));
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    let mut s = format!("{out} {side} {hands} {} {}", pos.quiet, pos.ply);
    if pos.passes > 0 {
        s.push_str(&format!(" p{}", pos.passes));
    }
    match pos.turn {
        Turn::Fresh => {}
        Turn::Bonus(sq) => s.push_str(&format!(" +{}", geo.name(sq as usize))),
        Turn::Removing => s.push_str(" x"),
    }
    s
}
