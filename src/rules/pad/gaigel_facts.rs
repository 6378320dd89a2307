//! The facts a Gaigel pad's taps give (contract 3.3), and the last player's share filled in
//! from the pack: once every other player's tricks are entered and the last player has not
//! been touched, the last player holds what is left of the deal's tricks and of the 240 card
//! points (contract 7.2). Typing any number for the last player replaces the fill.

/// One tap of the Gaigel pad (the codes are in [`super::gaigel`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Points(usize, i32),
    /// One digit of a player's card points (the number pad).
    Digit(usize, u8),
    Tricks(usize, i32),
    /// A player's tricks, in one tap.
    Count(usize, u8),
    Meld(usize, u32),
    Out(usize),
    Overgaigel(usize),
    FiveSevens(usize),
    Dissle(usize),
    DissleTrick,
    Farbe(usize),
    Cut(usize),
    Done,
}

/// The card points of the pack (contract 7.2: 240 in all).
pub const ALL_POINTS: i32 = 240;

/// The facts the steps give.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub points: [i32; 3],
    pub tricks: [i32; 3],
    pub melds: [Vec<u32>; 3],
    pub out: Option<usize>,
    pub overgaigel: Option<usize>,
    pub five_sevens: Option<usize>,
    pub dissle: Option<usize>,
    pub dissle_trick: bool,
    pub farbe: Option<usize>,
    pub cut: Vec<usize>,
    pub done: bool,
    /// A player's card points or tricks were entered.
    pub touched: [bool; 3],
    /// A player's tricks were entered (the number pad moves on to the next player).
    pub counted: [bool; 3],
    /// The last player's numbers are the pack's remainder, not typed.
    pub filled: bool,
}

impl Facts {
    /// The facts of `steps` as typed, at a table of `players` players (without the fill).
    pub fn typed(steps: &[Step]) -> Facts {
        let mut f = Facts::default();
        for s in steps {
            match *s {
                Step::Points(side, d) => {
                    f.points[side] += d;
                    f.touched[side] = true;
                }
                Step::Digit(side, d) => {
                    f.points[side] = f.points[side] * 10 + i32::from(d);
                    f.touched[side] = true;
                }
                Step::Tricks(side, d) => {
                    f.tricks[side] += d;
                    f.touched[side] = true;
                    f.counted[side] = true;
                }
                Step::Count(side, n) => {
                    f.tricks[side] = i32::from(n);
                    f.touched[side] = true;
                    f.counted[side] = true;
                }
                Step::Meld(side, m) => f.melds[side].push(m),
                Step::Out(side) => f.out = Some(side),
                Step::Overgaigel(side) => f.overgaigel = Some(side),
                Step::FiveSevens(side) => f.five_sevens = Some(side),
                Step::Dissle(side) => f.dissle = Some(side),
                Step::DissleTrick => f.dissle_trick = true,
                Step::Farbe(side) => f.farbe = Some(side),
                Step::Cut(side) => f.cut.push(side),
                Step::Done => f.done = true,
            }
        }
        f
    }

    /// The facts with the last player's share filled in from the pack where it applies.
    pub fn with_fill(mut self, players: usize, all_tricks: i32) -> Facts {
        let last = players - 1;
        let others = 0..last;
        if !self.touched[last] && others.clone().all(|s| self.counted[s]) {
            let points: i32 = others.clone().map(|s| self.points[s]).sum();
            let tricks: i32 = others.map(|s| self.tricks[s]).sum();
            self.points[last] = (ALL_POINTS - points).max(0);
            self.tricks[last] = (all_tricks - tricks).max(0);
            self.filled = true;
        }
        self
    }

    /// The player the number pad enters now: the first whose tricks are not entered.
    pub fn current(&self, players: usize) -> Option<usize> {
        (0..players).find(|s| !self.counted[*s])
    }

    /// Whether every player has numbers (typed or filled): only then does the pad say why
    /// the deal cannot be closed yet.
    pub fn ready(&self, players: usize) -> bool {
        self.filled || (0..players).all(|s| self.counted[s])
    }
}
