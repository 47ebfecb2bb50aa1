module partwise.test

go 1.19
