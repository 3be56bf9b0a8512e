// SchemeRouterTestKit: test doubles for apps built on SchemeRouter (RecordingDelegate, ManualClock).
