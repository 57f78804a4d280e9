//! A study's pictures, as SVG: how the games of each ruleset ended, how long they were, and
//! what the players thought of them move by move.

use plotters::prelude::*;

use super::facts::GameFacts;
use super::report::RulesetReport;

const P1_WON: RGBColor = RGBColor(70, 130, 200);
const P2_WON: RGBColor = RGBColor(40, 40, 40);
const DRAWN: RGBColor = RGBColor(170, 170, 170);
const TIMED_OUT: RGBColor = RGBColor(230, 150, 40);
const FONT: (&str, u32) = ("sans-serif", 16);
/// The scores drawn: beyond +-EDGE centipawns (ten men ahead, or a mate) at the edge.
const EDGE: i32 = 1000;
/// The most points drawn of one game's scores.
const POINTS: usize = 100;

/// A failure of the plotting library, in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(pub String);

impl std::fmt::Display for PlotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot draw a plot: {}", self.0)
    }
}

impl std::error::Error for PlotError {}

fn wrong<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError(format!("{e:?}"))
}

/// The outcomes of every ruleset as stacked bars of shares: P1's wins, draws, timeouts,
/// P2's wins.
pub fn outcomes(reports: &[RulesetReport]) -> Result<String, PlotError> {
    let mut svg = String::new();
    let rows = reports.len().max(1);
    let height = 90 + 26 * rows as u32;
    {
        let root = SVGBackend::with_string(&mut svg, (820, height)).into_drawing_area();
        root.fill(&WHITE).map_err(wrong)?;
        let names: Vec<String> = reports.iter().map(|r| r.ruleset.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "How the games ended: P1 wins (blue), draws (grey), timeouts (orange), P2 wins (black)",
                FONT,
            )
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(170)
            .build_cartesian_2d(0f64..1f64, 0f64..rows as f64)
            .map_err(wrong)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style(("sans-serif", 13))
            .y_labels(rows * 2 + 1)
            .y_label_formatter(&|y| {
                let i = (*y - 0.5).round();
                if (y - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
                    names
                        .get(rows - 1 - i as usize)
                        .cloned()
                        .unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_desc("share of games")
            .draw()
            .map_err(wrong)?;
        for (i, r) in reports.iter().enumerate() {
            let n = r.games.max(1) as f64;
            let y = (rows - 1 - i) as f64;
            let parts = [
                (r.results.p1_wins, P1_WON),
                (r.results.draws, DRAWN),
                (r.results.timeouts, TIMED_OUT),
                (r.results.p2_wins, P2_WON),
            ];
            let mut x = 0.0;
            for (k, colour) in parts {
                let w = k as f64 / n;
                if w > 0.0 {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(x, y + 0.15), (x + w, y + 0.85)],
                            colour.filled(),
                        )))
                        .map_err(wrong)?;
                }
                x += w;
            }
        }
        root.present().map_err(wrong)?;
    }
    Ok(svg)
}

/// A histogram of the games' lengths in plies.
pub fn lengths(ruleset: &str, games: &[GameFacts]) -> Result<String, PlotError> {
    let mut svg = String::new();
    let longest = games.iter().map(|g| g.plies).max().unwrap_or(0).max(1);
    let bins = 20usize;
    let width = longest.div_ceil(bins).max(1);
    let mut counts = vec![0usize; bins];
    for g in games {
        counts[(g.plies / width).min(bins - 1)] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(0).max(1);
    {
        let root = SVGBackend::with_string(&mut svg, (720, 400)).into_drawing_area();
        root.fill(&WHITE).map_err(wrong)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{ruleset}: game length"), FONT)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0usize..width * bins, 0usize..top + 1)
            .map_err(wrong)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("plies")
            .y_desc("games")
            .draw()
            .map_err(wrong)?;
        chart
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c > 0)
                    .map(|(i, &c)| {
                        Rectangle::new([(i * width, 0), ((i + 1) * width, c)], P1_WON.filled())
                    }),
            )
            .map_err(wrong)?;
        root.present().map_err(wrong)?;
    }
    Ok(svg)
}

/// P1's score over each game, one line per game, coloured by the result.
pub fn scores(ruleset: &str, games: &[GameFacts]) -> Result<String, PlotError> {
    let mut svg = String::new();
    let longest = games
        .iter()
        .filter_map(|g| g.p1_scores.last().map(|s| s.0))
        .max()
        .unwrap_or(0)
        .max(1);
    let [p1, p2] = games
        .first()
        .map(|g| g.names.clone())
        .unwrap_or(["P1".into(), "P2".into()]);
    {
        let root = SVGBackend::with_string(&mut svg, (720, 400)).into_drawing_area();
        root.fill(&WHITE).map_err(wrong)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{ruleset}: P1's ({p1}) score by ply; blue: P1 won, black: P2 ({p2}) won, grey: no winner"),
                ("sans-serif", 14),
            )
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0usize..longest + 1, -EDGE..EDGE + 1)
            .map_err(wrong)?;
        chart
            .configure_mesh()
            .x_desc("ply")
            .y_desc("centipawns for P1 (beyond +-1000 and mates at the edge)")
            .draw()
            .map_err(wrong)?;
        for g in games {
            let colour = match g.winner {
                Some(c) if c == g.p1 => P1_WON,
                Some(_) => P2_WON,
                None => DRAWN,
            };
            // At most POINTS points a game (a few pixels apart), the last one kept: the file
            // stays small whatever the games' length.
            let n = g.p1_scores.len();
            let step = n.div_ceil(POINTS).max(1);
            let points = g
                .p1_scores
                .iter()
                .enumerate()
                .filter(|(i, _)| i % step == 0 || *i + 1 == n)
                .map(|(_, &(ply, cp))| (ply, cp.clamp(-EDGE, EDGE)));
            chart
                .draw_series(LineSeries::new(points, colour.mix(0.6).stroke_width(1)))
                .map_err(wrong)?;
        }
        root.present().map_err(wrong)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Colour;

    #[test]
    fn the_plots_are_svg_with_their_titles() {
        let g = GameFacts {
            round: 1,
            p1: Colour::White,
            names: ["white".into(), "black".into()],
            winner: Some(Colour::White),
            end: "no-legal-move".into(),
            timeout: false,
            plies: 40,
            turns: 40,
            branching: 20.0,
            coverage: 0.5,
            repetition: 0.0,
            p1_chances: vec![0.5, 0.6],
            p1_scores: vec![(8, 10), (9, 60), (39, 1000)],
        };
        let s = scores("murray", std::slice::from_ref(&g)).unwrap();
        assert!(
            s.starts_with("<svg") && s.contains("murray: P1") && s.contains("(white) score by ply"),
            "{s}"
        );
        let l = lengths("murray", &[g]).unwrap();
        assert!(l.contains("murray: game length"));
    }
}
