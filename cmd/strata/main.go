// Command strata is Strata's one binary: the server and its admin commands.
//
//	strata [serve]                 serve the web app and /api/v1 (default)
//	strata migrate                 apply database migrations
//	strata client create NAME      create a client
//	strata user create --email E --password P [--name N] [--superuser] [--client NAME --role ROLE]
//	strata demo                    seed the demo client and print its logins
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/strata-maps/strata/internal/api"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "strata:", err)
		os.Exit(1)
	}
}

// run dispatches a command line; main is only its exit code.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	env := &environment{getenv: getenv, stdout: stdout, stderr: stderr}
	switch cmd {
	case "serve":
		return env.serve(ctx, args)
	case "migrate":
		return env.migrate(ctx, args)
	case "demo":
		return env.demo(ctx, args)
	case "client":
		if len(args) > 0 && args[0] == "create" {
			return env.clientCreate(ctx, args[1:])
		}
		return errors.New("usage: strata client create NAME [--title TITLE]")
	case "user":
		if len(args) > 0 && args[0] == "create" {
			return env.userCreate(ctx, args[1:])
		}
		return errors.New("usage: strata user create --email E --password P [--name N] [--superuser] [--client NAME --role ROLE]")
	case "openapi":
		// The API's description, for generating the web's types (make api-types).
		b, err := api.OpenAPI()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	case "help":
		fmt.Fprintln(stdout, "usage: strata [serve|migrate|demo|client create|user create|openapi] [flags]; strata COMMAND -h lists the flags")
		return nil
	}
	return fmt.Errorf("unknown command %q (try: serve, migrate, demo, client create, user create, openapi)", cmd)
}

// environment is what every command gets from the process.
type environment struct {
	getenv         func(string) string
	stdout, stderr io.Writer
}
