print("todolist")
