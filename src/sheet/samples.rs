//! Hand-made records for the score sheet tests, each checked against the referee
//! (`kartl referee`) when written. Test-only.

/// Watten, Tyrolean: B reaches 13 while A has 0, A comes back and wins: reverse Schneider
/// (contract 6.4, 4 Bummerl), then a second game begins.
pub const REVERSE_SCHNEIDER: &str = r#"{"game":"watten","deals":[{"winner":"B","points":3},{"winner":"B","points":3},{"winner":"B","points":3},{"winner":"B","points":4},
  {"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},{"events":[{"give_up":"B"}]},
  {"events":[{"tricks":"A"}]},
  {"winner":"A","points":2},{"winner":"B","points":3}]}"#;

/// Giltspiel: a penalty for an unshown Gleich (deal 1 nets A 0, deal 5 nets A −1), B
/// gestrichen at 10 and winning at 11, then a second game.
pub const FIGURES_TWO_GAMES: &str = r#"{"game": "giltspiel", "deals": [
  {"events": [{"bet": "gleich", "by": "A"}, {"hold": "gleich", "by": "B"}, {"tricks": "A"}, {"show": {"gleich": "B", "hanger": "A"}}, {"unshown": "gleich", "by": "A", "other_can_show": true}]},
  {"events": [{"bet": "spiel", "by": "B"}, {"hold": "spiel", "by": "A"}, {"tricks": "B"}, {"show": {"gleich": "B", "hanger": "B"}}]},
  {"events": [{"bet": "spiel", "by": "B"}, {"hold": "spiel", "by": "A"}, {"tricks": "B"}, {"show": {"gleich": "B", "hanger": "B"}}]},
  {"events": [{"tricks": "B"}, {"show": {"gleich": "A", "hanger": "A"}}]},
  {"events": [{"bet": "gleich", "by": "A"}, {"hold": "gleich", "by": "B"}, {"tricks": "B"}, {"show": {"gleich": "B", "hanger": "A"}}, {"unshown": "gleich", "by": "A", "other_can_show": true}]}]}"#;

/// Gaigel, 4 strokes: A marks a V (Gigackel), B two I; the erasing phase; A clears its line.
pub const GAIGEL_ERASE: &str = r#"{"game":"gaigel","variant":"four","options":{"strokes":4},"deals":[
  {"points":{"A":0,"B":121},"tricks":{"A":0,"B":8},"out":"B"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"},
  {"points":{"A":64,"B":88},"melds":{"B":[20]},"tricks":{"A":4,"B":6},"out":"B"},
  {"points":{"A":88,"B":64},"melds":{"A":[20],"B":[]},"tricks":{"A":6,"B":4},"out":"A"}
  ]}"#;

/// Gaigel three players, stroke tally: one deal, the lowest count marks.
pub const GAIGEL_THREE: &str = r#"{"game": "gaigel", "variant": "three", "options": {"strokes": 5},
  "deals": [{"points": {"P1": 45, "P2": 104, "P3": 61}, "tricks": {"P1": 3, "P2": 6, "P3": 4},
  "out": "P2"}]}"#;
