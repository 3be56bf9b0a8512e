// Doc prelude "link": a URL's text, as one arrives in bulk.
let url = "todolist://www.acme.com?Quarterly%20Report#200806231300"
