// This file only marks web/ as outside the Go module, so that `go test ./...`
// and `go vet ./...` do not walk into node_modules (some npm packages ship Go
// sources). The web app's build lands in internal/webapp/dist.
module strata/web-not-go

go 1.26
