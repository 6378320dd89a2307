//! The players of a three-player record (Watten's and Perlaggen's option `players: 3`), each
//! for themselves: the seats `P1`..`P3` and one value per player. Both families' three-player
//! engines and reports name players so.

use serde::{Deserialize, Serialize};

/// A player of a three-player record (option `players: 3`): `P1`, `P2`, `P3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
pub enum Seat {
    P1,
    P2,
    P3,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::P1, Seat::P2, Seat::P3];

    /// 0, 1, 2: the player's slot in per-player arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::P1 => 0,
            Seat::P2 => 1,
            Seat::P3 => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::P1 => "P1",
            Seat::P2 => "P2",
            Seat::P3 => "P3",
        }
    }
}

/// One value per player, written `{"P1": .., "P2": .., "P3": ..}`; a player left out of the
/// input is the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trio<T> {
    #[serde(rename = "P1", default)]
    pub p1: T,
    #[serde(rename = "P2", default)]
    pub p2: T,
    #[serde(rename = "P3", default)]
    pub p3: T,
}

impl<T: Copy> Trio<T> {
    pub fn from_array([p1, p2, p3]: [T; 3]) -> Self {
        Trio { p1, p2, p3 }
    }

    pub fn to_array(self) -> [T; 3] {
        [self.p1, self.p2, self.p3]
    }

    pub fn get(&self, seat: Seat) -> T {
        self.to_array()[seat.index()]
    }
}
