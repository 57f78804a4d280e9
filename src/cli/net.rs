//! `latrunculi net`: what a net file is (its ruleset, size and how it was made), and a line
//! added to its header after the fact, such as the match that accepted it.

use super::Failure;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::nnue::{HIDDEN, Net, NetError, format};

#[derive(Subcommand, Debug)]
pub enum NetCommand {
    /// Print a net file's header: the ruleset it was trained for, its board, its size and
    /// how it was made (the commands, the positions, the times, the match that accepted it).
    Show {
        /// The net file (`tune net --out`, or one of `nets/`).
        file: PathBuf,
    },
    /// Add a line to a net file's header (the weights stay as they are), e.g. the result
    /// of the match that accepted it. The file is replaced only once the new one is written.
    Note {
        /// The net file.
        file: PathBuf,
        /// The line to add.
        text: String,
    },
}

pub fn run(command: &NetCommand, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        NetCommand::Show { file } => {
            let net = read(file)?;
            write!(out, "{}", describe(&net))?;
            Ok(())
        }
        NetCommand::Note { file, text } => {
            if text.trim().is_empty() || text.contains('\n') {
                return Err(Failure::Usage(
                    "a note is one line of text, not empty".into(),
                ));
            }
            let mut net = read(file)?;
            if !net.header.provenance.is_empty() && !net.header.provenance.ends_with('\n') {
                net.header.provenance.push('\n');
            }
            net.header.provenance += text.trim();
            crate::files::write_whole(file, format::to_bytes(&net)).map_err(|error| {
                Failure::Write {
                    path: file.to_path_buf(),
                    error,
                }
            })?;
            writeln!(out, "{}: noted", file.display())?;
            Ok(())
        }
    }
}

/// The net of `file`; an error names the file once.
fn read(file: &Path) -> Result<Net, Failure> {
    format::read(file).map_err(|e| match e {
        NetError::Io(_) => Failure::from(e),
        _ => Failure::from(e).within(file.display()),
    })
}

/// The header in words.
pub fn describe(net: &Net) -> String {
    let h = &net.header;
    let mut s = format!(
        "ruleset {} ({}x{} board, rules digest {:016x})\nshape ({} inputs -> {HIDDEN}) x 2 -> 1{}{}\n",
        h.ruleset,
        h.cols,
        h.rows,
        h.digest,
        net.features,
        if net.adds_to_formula {
            ", added to the formula's evaluation"
        } else {
            ""
        },
        if net.judges_placements {
            "; also values the placement search's playouts"
        } else {
            ""
        }
    );
    for line in h.provenance.lines() {
        s += &format!("  {line}\n");
    }
    s
}
