"""The coach: a finished game's decisions weighed by the hard level."""
