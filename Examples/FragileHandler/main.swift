print("fragile-handler: not yet")
