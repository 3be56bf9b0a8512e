import SchemectlCommands

// Every command lives in SchemectlCommands, so the test-only probe (Examples/FuzzProbe) can run
// the very same `fuzz` command with its planted faults; this binary ships none of them.
SchemeCtl.main()
