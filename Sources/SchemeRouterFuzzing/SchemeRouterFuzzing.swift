// The fuzzing engine (issue 5) lands here.
