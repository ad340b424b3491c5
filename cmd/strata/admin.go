package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/demo"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

func (e *environment) migrate(ctx context.Context, args []string) error {
	cfg, _, err := e.flags("migrate", args, nil)
	if err != nil {
		return err
	}
	s, err := openStore(ctx, cfg, e.logger(cfg))
	if err != nil {
		return err
	}
	return s.Close()
}

func (e *environment) clientCreate(ctx context.Context, args []string) error {
	var title string
	// The name may come before or after the flags.
	var name string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	cfg, fs, err := e.flags("client create", args, func(fs *flag.FlagSet) {
		fs.StringVar(&title, "title", "", "display name (default: the name)")
	})
	if err != nil {
		return err
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	}
	if !domain.ValidClientName(name) {
		return fmt.Errorf("client name %q must be lower-case letters, digits and inner hyphens (at most 63)", name)
	}
	if title == "" {
		title = name
	}
	s, err := openStore(ctx, cfg, e.logger(cfg))
	if err != nil {
		return err
	}
	defer s.Close()
	c, err := s.CreateClient(ctx, name, title)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "created client %s (%s)\n", c.Name, c.Title)
	return nil
}

func (e *environment) userCreate(ctx context.Context, args []string) error {
	var email, password, name, clientName, roleName string
	var superuser bool
	cfg, _, err := e.flags("user create", args, func(fs *flag.FlagSet) {
		fs.StringVar(&email, "email", "", "e-mail address (required)")
		fs.StringVar(&password, "password", "", "password, at least 8 characters (required)")
		fs.StringVar(&name, "name", "", "full name")
		fs.BoolVar(&superuser, "superuser", false, "make the user a superuser")
		fs.StringVar(&clientName, "client", "", "client to add the user to")
		fs.StringVar(&roleName, "role", "", "role in that client: guest, student, editor or admin")
	})
	if err != nil {
		return err
	}
	email = domain.NormalizeEmail(email)
	if !domain.ValidEmail(email) {
		return fmt.Errorf("--email %q is not an e-mail address", email)
	}
	if err := auth.ValidatePassword(password, password, email, name); err != nil {
		var de *domain.Error
		if errors.As(err, &de) && de.Details()["password"] != "" {
			return fmt.Errorf("--password %s", de.Details()["password"])
		}
		return err
	}
	var role domain.Role
	if clientName != "" || roleName != "" {
		if clientName == "" || roleName == "" {
			return errors.New("--client and --role go together")
		}
		if role, err = domain.ParseRole(roleName); err != nil {
			return fmt.Errorf("--role: %w", err)
		}
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	s, err := openStore(ctx, cfg, e.logger(cfg))
	if err != nil {
		return err
	}
	defer s.Close()
	var u domain.User
	err = s.Tx(ctx, func(tx *store.Store) error {
		if u, err = tx.CreateUser(ctx, store.NewUser{Email: email, Name: name, PasswordHash: hash, IsSuperuser: superuser}); err != nil {
			return err
		}
		if clientName == "" {
			return nil
		}
		c, err := tx.ClientByName(ctx, clientName)
		if err != nil {
			return err
		}
		return tx.AddMembership(ctx, u.ID, c.ID, role)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "created user %d <%s>\n", u.ID, u.Email)
	return nil
}

func (e *environment) demo(ctx context.Context, args []string) error {
	var ifEmpty bool
	var nodes int
	var everyLevel bool
	cfg, _, err := e.flags("demo", args, func(fs *flag.FlagSet) {
		fs.BoolVar(&everyLevel, "every-level", false, "put every node of the generated map on every level")
		fs.BoolVar(&ifEmpty, "if-empty", false, "seed only when the database has no user yet (as `make run` does)")
		fs.IntVar(&nodes, "nodes", 0, "also generate a large map of this many nodes (and about twice as many edges)")
	})
	if err != nil {
		return err
	}
	s, err := openStore(ctx, cfg, e.logger(cfg))
	if err != nil {
		return err
	}
	defer s.Close()
	if ifEmpty {
		empty, err := s.IsEmpty(ctx)
		if err != nil {
			return err
		}
		if !empty {
			if _, err := s.ClientByName(ctx, demo.ClientName); err == nil {
				printLogins(e.stdout)
			} else {
				fmt.Fprintln(e.stdout, "The database has users already; the demo was not seeded.")
			}
			return nil
		}
	}
	created, err := demo.Seed(ctx, s)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintln(e.stdout, "Seeded the demo client.")
	} else {
		fmt.Fprintln(e.stdout, "The demo client exists already.")
	}
	if nodes > 0 {
		c, err := s.ClientByName(ctx, demo.ClientName)
		if err != nil {
			return err
		}
		m, err := demo.Generate(ctx, s, c.ID, fmt.Sprintf("Generated map (%d nodes)", nodes), demo.Generation{Nodes: nodes, EveryLevel: everyLevel})
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Generated map %d with %d nodes: /editor/%d\n", m.ID, nodes, m.ID)
	}
	printLogins(e.stdout)
	return nil
}

func printLogins(w io.Writer) {
	fmt.Fprintln(w, "Demo logins (client \"demo\"):")
	for _, l := range demo.Logins {
		fmt.Fprintf(w, "  %-10s %-30s password: %s\n", l.Role, l.Email, l.Password)
	}
}
