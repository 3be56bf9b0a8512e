SchemeCtl.main()
