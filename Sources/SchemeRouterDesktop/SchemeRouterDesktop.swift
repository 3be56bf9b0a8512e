// Desktop integration (issue 4) lands here.
