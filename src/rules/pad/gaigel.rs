//! The Gaigel pad: a deal's facts (contract 3.3) by taps. A number pad takes each player's
//! card points digit by digit (`aug:A:1`, `aug:A:0`, `aug:A:4`: 104 in three taps) and then
//! the tricks in one tap (`st:A:6`), player after player; the last player's share is filled in
//! from the pack ([`super::gaigel_facts`]). Melds (`meld:A:20`, `meld:A:40`), who called Aus
//! (`out:A`), übergaigeln (`over:A`), five Sevens (`sevens:A`), the Dissle (`dissle:A`,
//! `dissle_trick`), five of a suit (`farbe:A`), the cut for ties in `three` (`cut:P2`, best
//! first, offered only when the referee asks for it), and `done`, offered only when the
//! referee accepts the deal (contract 7.2); until then the pad says why not. The old steppers
//! (`pts:A:+50`, `st:A:+1`) are still read, for deals kept on a phone, but no longer offered.

pub use super::gaigel_facts::Step;
use super::gaigel_facts::{ALL_POINTS, Facts};
use super::{Family, Msg};
use crate::rules::Report;
use crate::rules::gaigel::{Phase, Rules, Sevens, TallyReport, Variant};
use crate::rules::match_record::Who;
use crate::rules::match_record::gaigel::Deal;

/// The Gaigel pad of one table.
pub struct Gaigel {
    pub rules: Rules,
}

const TWO: [Who; 2] = [Who::A, Who::B];
const THREE: [Who; 3] = [Who::P1, Who::P2, Who::P3];

impl Gaigel {
    fn names(&self) -> &'static [Who] {
        if self.rules.variant == Variant::Three {
            &THREE
        } else {
            &TWO
        }
    }

    /// The sides' (players') names at this table.
    pub(super) fn side_names(&self) -> &'static [Who] {
        self.names()
    }

    fn side(&self, code: &str) -> Option<usize> {
        self.names().iter().position(|n| n.as_str() == code)
    }

    fn who(&self, side: usize) -> Who {
        self.names()[side]
    }

    fn name(&self, side: usize) -> &'static str {
        self.who(side).as_str()
    }

    /// The facts of `steps`, the last player's share filled in where it applies.
    fn facts(&self, steps: &[Step]) -> Facts {
        let players = self.names().len();
        Facts::typed(steps).with_fill(players, self.rules.variant.tricks() as i32)
    }

    /// The deal the facts make (contract 3.3): every player's card points, tricks and melds,
    /// and the special endings that were tapped.
    fn written(&self, f: &Facts) -> Deal {
        let sides = || self.names().iter().copied().enumerate();
        let count = |n: i32| n.max(0).unsigned_abs();
        let who = |side: Option<usize>| side.map(|s| self.who(s));
        Deal {
            cards: None,
            cut: (!f.cut.is_empty()).then(|| f.cut.iter().map(|s| self.who(*s)).collect()),
            dissle: who(f.dissle),
            dissle_trick: f.dissle_trick.then_some(true),
            farbe: who(f.farbe),
            five_sevens: who(f.five_sevens),
            melds: Some(sides().map(|(i, w)| (w, f.melds[i].clone())).collect()),
            out: who(f.out),
            overgaigel: who(f.overgaigel),
            points: Some(sides().map(|(i, w)| (w, count(f.points[i]))).collect()),
            tricks: Some(sides().map(|(i, w)| (w, count(f.tricks[i]))).collect()),
        }
    }

    /// Whether `step` keeps the facts possible as numbers (no negative count, at most 240
    /// card points and the deal's tricks); the referee judges the rest at `done`.
    /// `f` are the facts as typed (no fill).
    fn in_bounds(&self, f: &Facts, step: &Step) -> bool {
        let tricks = self.rules.variant.tricks() as i32;
        let current = f.current(self.names().len());
        match *step {
            Step::Digit(s, d) => {
                let now = f.points[s] * 10 + i32::from(d);
                let others: i32 = (f.points.iter().enumerate())
                    .filter(|(o, _)| *o != s)
                    .map(|(_, p)| p)
                    .sum();
                current == Some(s) && now <= ALL_POINTS && others + now <= ALL_POINTS
            }
            Step::Count(s, n) => {
                let others: i32 = (f.tricks.iter().enumerate())
                    .filter(|(o, _)| *o != s)
                    .map(|(_, t)| t)
                    .sum();
                current == Some(s) && others + i32::from(n) <= tricks
            }
            Step::Points(s, d) => {
                f.points[s] + d >= 0 && f.points.iter().sum::<i32>() + d <= ALL_POINTS
            }
            Step::Tricks(s, d) => {
                f.tricks[s] + d >= 0 && f.tricks.iter().sum::<i32>() + d <= tricks
            }
            Step::Out(s) => f.out != Some(s),
            Step::Overgaigel(s) => f.overgaigel != Some(s),
            Step::FiveSevens(s) => f.five_sevens != Some(s),
            Step::Dissle(s) => f.dissle != Some(s),
            Step::DissleTrick => f.dissle.is_some() && !f.dissle_trick,
            Step::Farbe(s) => f.farbe != Some(s),
            Step::Cut(s) => !f.cut.contains(&s),
            Step::Meld(..) | Step::Done => true,
        }
    }

    /// The steppers of the pad before the number pad: read, never offered.
    fn steppers(&self) -> Vec<Step> {
        let mut out = Vec::new();
        for s in 0..self.names().len() {
            out.extend([50, 10, 1, -1, -10, -50].map(|d| Step::Points(s, d)));
            out.extend([1, -1].map(|d| Step::Tricks(s, d)));
        }
        out
    }

    fn all_steps(&self) -> Vec<Step> {
        let sides = 0..self.names().len();
        let tricks = self.rules.variant.tricks() as u8;
        let mut out = Vec::new();
        for s in sides.clone() {
            out.extend((1..=9).chain([0]).map(|d| Step::Digit(s, d)));
            out.extend((0..=tricks).map(|n| Step::Count(s, n)));
            out.extend([20, 40].map(|m| Step::Meld(s, m)));
        }
        for s in sides {
            out.extend([Step::Out(s), Step::Overgaigel(s)]);
            if self.rules.sevens == Sevens::FiveSevens {
                out.push(Step::FiveSevens(s));
            }
            if self.rules.sevens.announced() {
                out.push(Step::Dissle(s));
            }
            if self.rules.auf_farbe {
                out.push(Step::Farbe(s));
            }
            if self.rules.variant == Variant::Three {
                out.push(Step::Cut(s));
            }
        }
        if self.rules.sevens.announced() {
            out.push(Step::DissleTrick);
        }
        out.push(Step::Done);
        out
    }
}

impl Family for Gaigel {
    type Step = Step;
    type Deal = Deal;

    fn decode(&self, code: &str) -> Option<Step> {
        let parts: Vec<&str> = code.split(':').collect();
        let delta = |d: &str| match d {
            "+50" => Some(50),
            "-50" => Some(-50),
            "+10" => Some(10),
            "+1" => Some(1),
            "-1" => Some(-1),
            "-10" => Some(-10),
            _ => None,
        };
        let step = match parts.as_slice() {
            ["pts", s, d] => Step::Points(self.side(s)?, delta(d)?),
            ["st", s, d @ ("+1" | "-1")] => Step::Tricks(self.side(s)?, delta(d)?),
            ["st", s, n] => Step::Count(self.side(s)?, n.parse().ok()?),
            ["aug", s, d] if d.len() == 1 => Step::Digit(self.side(s)?, d.parse().ok()?),
            ["meld", s, "20"] => Step::Meld(self.side(s)?, 20),
            ["meld", s, "40"] => Step::Meld(self.side(s)?, 40),
            ["out", s] => Step::Out(self.side(s)?),
            ["over", s] => Step::Overgaigel(self.side(s)?),
            ["sevens", s] => Step::FiveSevens(self.side(s)?),
            ["dissle", s] => Step::Dissle(self.side(s)?),
            ["dissle_trick"] => Step::DissleTrick,
            ["farbe", s] => Step::Farbe(self.side(s)?),
            ["cut", s] => Step::Cut(self.side(s)?),
            ["done"] => Step::Done,
            _ => return None,
        };
        (self.all_steps().contains(&step) || self.steppers().contains(&step)).then_some(step)
    }

    fn encode(&self, step: &Step) -> String {
        match *step {
            Step::Points(s, d) => format!("pts:{}:{d:+}", self.name(s)),
            Step::Digit(s, d) => format!("aug:{}:{d}", self.name(s)),
            Step::Count(s, n) => format!("st:{}:{n}", self.name(s)),
            Step::Tricks(s, d) => format!("st:{}:{d:+}", self.name(s)),
            Step::Meld(s, m) => format!("meld:{}:{m}", self.name(s)),
            Step::Out(s) => format!("out:{}", self.name(s)),
            Step::Overgaigel(s) => format!("over:{}", self.name(s)),
            Step::FiveSevens(s) => format!("sevens:{}", self.name(s)),
            Step::Dissle(s) => format!("dissle:{}", self.name(s)),
            Step::DissleTrick => "dissle_trick".into(),
            Step::Farbe(s) => format!("farbe:{}", self.name(s)),
            Step::Cut(s) => format!("cut:{}", self.name(s)),
            Step::Done => "done".into(),
        }
    }

    fn candidates(&self, steps: &[Step]) -> Vec<Step> {
        let f = Facts::typed(steps);
        if f.done {
            return Vec::new();
        }
        self.all_steps()
            .into_iter()
            .filter(|s| self.in_bounds(&f, s))
            .collect()
    }

    fn vocabulary(&self) -> Vec<Step> {
        self.all_steps()
    }

    fn fits(&self, steps: &[Step], step: &Step) -> bool {
        let f = Facts::typed(steps);
        !f.done && self.in_bounds(&f, step)
    }

    fn label(&self, _steps: &[Step], step: &Step) -> (Msg, &'static str) {
        let side = |id: &'static str, s: usize| Msg::new(id).arg("side", self.name(s));
        match *step {
            Step::Points(s, d) => (
                side("padr-g-points", s).arg("delta", format!("{d:+}")),
                "number",
            ),
            Step::Tricks(s, d) => (
                side("padr-g-tricks", s).arg("delta", format!("{d:+}")),
                "number",
            ),
            Step::Digit(_, d) => (Msg::new("padr-g-digit").arg("digit", d), "digits"),
            Step::Count(_, n) => (
                Msg::new("padr-g-count")
                    .arg("count", n)
                    .arg("n", super::count(n.into())),
                "count",
            ),
            Step::Meld(s, m) => (side("padr-g-meld", s).arg("meld", m), "meld"),
            Step::Out(s) => (side("padr-g-out", s), "side"),
            Step::Overgaigel(s) => (side("padr-g-over", s), "side"),
            Step::FiveSevens(s) => (side("padr-g-sevens", s), "side"),
            Step::Dissle(s) => (side("padr-g-dissle", s), "side"),
            Step::DissleTrick => (Msg::new("padr-g-dissle-trick"), "side"),
            Step::Farbe(s) => (side("padr-g-farbe", s), "side"),
            Step::Cut(s) => (side("padr-g-cut", s), "cut"),
            Step::Done => (Msg::new("padr-g-done"), "done"),
        }
    }

    fn sentence(&self, steps: &[Step], i: usize) -> Msg {
        self.label(&steps[..i], &steps[i]).0
    }

    /// The facts so far, one sentence a side and one a special ending, not one per tap.
    fn transcript(&self, steps: &[Step]) -> Vec<Msg> {
        let f = self.facts(steps);
        let mut out = Vec::new();
        for (i, n) in self.names().iter().enumerate() {
            let melds: Vec<String> = f.melds[i].iter().map(u32::to_string).collect();
            let msg = Msg::new("padr-g-said-side")
                .arg("side", n)
                .arg("points", f.points[i])
                .arg("tricks", f.tricks[i]);
            out.push(if melds.is_empty() {
                msg
            } else {
                Msg {
                    id: "padr-g-said-side-melds",
                    ..msg
                }
                .arg("melds", melds.join(" + "))
            });
        }
        let said = |id, s: Option<usize>| s.map(|s| Msg::new(id).arg("side", self.name(s)));
        out.extend(said("padr-g-out", f.out));
        out.extend(said("padr-g-over", f.overgaigel));
        out.extend(said("padr-g-sevens", f.five_sevens));
        out.extend(said("padr-g-dissle", f.dissle));
        out.extend(said("padr-g-farbe", f.farbe));
        if f.dissle_trick {
            out.push(Msg::new("padr-g-dissle-trick"));
        }
        if f.filled {
            let last = self.names().len() - 1;
            out.push(Msg::new("padr-g-said-filled").arg("side", self.name(last)));
        }
        if !f.cut.is_empty() {
            let order: Vec<&str> = f.cut.iter().map(|s| self.name(*s)).collect();
            out.push(Msg::new("padr-g-said-cut").arg("order", order.join(", ")));
        }
        out
    }

    fn deal(&self, steps: &[Step]) -> Option<Deal> {
        let f = self.facts(steps);
        f.done.then(|| self.written(&f))
    }

    /// The facts as they stand, for the reason `done` is not offered yet: only once every
    /// player has numbers (no complaint while the scorer is still typing).
    fn probe(&self, steps: &[Step]) -> Option<Deal> {
        let f = self.facts(steps);
        (!f.done && f.ready(self.names().len())).then(|| self.written(&f))
    }

    /// The cut is offered only when the referee asks for it (a tie, contract 7.5), or once
    /// it has begun.
    fn offer(&self, steps: &[Step], step: &Step, why_not: Option<&str>) -> bool {
        !matches!(step, Step::Cut(_))
            || why_not == Some("tie_needs_cut")
            || steps.iter().any(|s| matches!(s, Step::Cut(_)))
    }

    /// Whose card points and tricks the number pad enters.
    fn heading(&self, steps: &[Step], group: &str) -> Option<Msg> {
        let side = Facts::typed(steps).current(self.names().len())?;
        let id = match group {
            "digits" => "padr-g-head-digits",
            "count" => "padr-g-head-count",
            _ => return None,
        };
        Some(Msg::new(id).arg("side", self.name(side)))
    }

    fn step_of_event(&self, steps: &[Step], _event: Option<usize>) -> usize {
        steps.len().saturating_sub(1)
    }

    fn notices(&self, before: &Report) -> Vec<Msg> {
        match before {
            Report::Gaigel(r) if matches!(&r.tally, TallyReport::Strokes(t) if t.phase == Phase::Erase) =>
            {
                vec![Msg::new("padr-g-erase")]
            }
            _ => Vec::new(),
        }
    }

    /// The strokes on each line, or each player's game points under Rutesheim scoring.
    fn score(&self, before: &Report) -> Option<String> {
        let Report::Gaigel(r) = before else {
            return None;
        };
        let values = match &r.tally {
            TallyReport::Strokes(t) => t.lines,
            TallyReport::GamePoints(points) => points.values,
        };
        let shown: Vec<String> = (values.iter())
            .take(self.names().len())
            .map(u32::to_string)
            .collect();
        Some(shown.join(":"))
    }

    fn primary(&self, _steps: &[Step], step: &Step) -> bool {
        *step == Step::Done
    }
}
