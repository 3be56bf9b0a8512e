// FragileHandler: a SchemeRouter app with planted bugs, the target `schemectl fuzz --target`
// is tested against (Docs/Fuzzing.md). `fragile-handler URL` launches it or wakes it, exactly
// as TodoList does; its manifest is Examples/FragileHandler/Schemes/fragile.json (FragileRequest).
import SchemeRouterRuntime
import SchemeRouterSender

Application.main { FragileDelegate() }
