DROP TABLE entrant_marks;
