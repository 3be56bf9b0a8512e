print("share-to-todo: not yet")
