// The analysis loads and builds the whole program (about a minute and
// 3 GB); under the race detector it takes many times that, so `make
// test-go` runs it once without -race.

//go:build !race

package noexit

import (
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/rta"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const module = "github.com/strata-maps/strata/"

// entryPoints are where a request comes in (the HTTP server, which serves
// the live channel's WebSockets too) and the constructors that build what
// it calls (cmd/strata builds the services and hands them to api.New), and
// what they call through interfaces: the analysis only follows a dynamic call to
// types it has seen made.
var entryPoints = []string{
	"internal/api.(*Server).ServeHTTP",
	"internal/api.New",
	"internal/api.LiveRechecks",
	"internal/access.New",
	"internal/access.LiveAccess",
	"internal/access.LiveGrants",
	"internal/accounts.New",
	"internal/apikeys.New",
	"internal/auth.Limiters",
	"internal/mapcatalog.New",
	"internal/prepared.New",
	"internal/publishing.New",
	"internal/editing.New",
	"internal/live.NewHub",
	"internal/live.NewMemoryBus",
	"internal/live.NewMemoryState",
	"internal/live.NewRedisBus",
	"internal/live.NewRedisState",
	"internal/media.New",
	"internal/mediastore.Open",
	"internal/mail.New",
}

// allowed are the reachable exits and panics that no input can trigger,
// each with why. A new entry needs as good a reason.
var allowed = map[string]string{
	// log.Fatal when the library's own keyboard tables, compiled into it,
	// do not decode: constant data, the same on every call, which the
	// password tests decode.
	"github.com/ccojocar/zxcvbn-go/adjacency.getAdjancencyGraphFromFile": "constant data",
	// Constructors, run once at start-up, panic on their constant options.
	module + "internal/api.New":     "start-up",
	module + "internal/live.NewHub": "start-up",
	// Frames are our own structs of strings, integers and finite floats
	// (the pointer's coordinates are checked finite where they come in),
	// which encoding/json always encodes.
	module + "internal/live.encodeFrame": "our own frames",
}

// parsers are the packages that read what clients send (images, SVG,
// HTML, frames, passwords, BibTeX): a package path, or a prefix ending in /.
var parsers = []string{
	"image/png", "image/jpeg", "image/gif", "golang.org/x/image/", "encoding/xml", "golang.org/x/net/html",
	"github.com/valyala/fastjson", "github.com/microcosm-cc/bluemonday", "github.com/gabriel-vasile/mimetype",
	"github.com/ccojocar/zxcvbn-go", module + "internal/bibtex",
}

func isParser(f *ssa.Function) bool {
	p := pkgPath(f)
	if p == "image" { // the registered formats' decoders
		return f.Name() == "Decode" || f.Name() == "DecodeConfig"
	}
	return slices.ContainsFunc(parsers, func(q string) bool {
		return p == q || strings.HasSuffix(q, "/") && strings.HasPrefix(p, q) || strings.HasPrefix(p, q+"/")
	})
}

// recovers answers whether f defers a function that calls recover.
func recovers(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			d, ok := in.(*ssa.Defer)
			if !ok || d.Call.StaticCallee() == nil {
				continue
			}
			for _, db := range d.Call.StaticCallee().Blocks {
				for _, di := range db.Instrs {
					if c, ok := di.(ssa.CallInstruction); ok {
						if bi, ok := c.Common().Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// exits answers whether f ends the process, or panics by design.
func exits(f *ssa.Function) bool {
	if f.Pkg == nil || f.Parent() != nil { // log.Fatalf$1 is the closure that formats, not the exit
		return false
	}
	name := f.Name()
	switch f.Pkg.Pkg.Path() {
	case "os", "syscall":
		return name == "Exit"
	case "log":
		return strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic")
	}
	return false
}

// panics answers whether f is ours and calls panic.
func panics(f *ssa.Function) bool {
	if !strings.HasPrefix(pkgPath(f), module) ||
		f.Synthetic != "" && !strings.HasPrefix(f.Synthetic, "instance of") { // wrappers, made by the compiler
		return false
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			// Those without a position are the compiler's: "blocking
			// select matched no case" and the like, which cannot happen.
			if p, ok := in.(*ssa.Panic); ok && p.Pos().IsValid() {
				return true
			}
		}
	}
	return false
}

// pkgPath is the path of f's package, also for a generic function's
// instance and its closures, which ssa gives no package.
func pkgPath(f *ssa.Function) string {
	for f.Parent() != nil {
		f = f.Parent()
	}
	if f.Pkg != nil {
		return f.Pkg.Pkg.Path()
	}
	if o := f.Object(); o != nil && o.Pkg() != nil {
		return o.Pkg().Path()
	}
	return ""
}

// nameOf names f as allowed does: a generic function's instance by the
// function itself.
func nameOf(f *ssa.Function) string {
	if o := f.Origin(); o != nil {
		return o.String()
	}
	return f.String()
}

func TestNoRequestEndsTheProcess(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, module+"cmd/strata")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the program does not load")
	}
	prog, _ := ssautil.AllPackages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	roots := make([]*ssa.Function, 0, len(entryPoints))
	for _, name := range entryPoints {
		f := function(prog, module+name)
		if f == nil {
			t.Fatalf("no function %s: update entryPoints", name)
		}
		roots = append(roots, f)
	}
	graph := rta.Analyze(roots, true).CallGraph

	// Breadth first, so that each finding comes with a shortest path; via
	// holds how each reachable function was first reached.
	via := map[*callgraph.Node]*callgraph.Edge{}
	var queue []*callgraph.Node
	for _, f := range roots {
		if n := graph.Nodes[f]; n != nil && via[n] == nil {
			via[n] = &callgraph.Edge{}
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, e := range n.Out {
			if via[e.Callee] == nil {
				via[e.Callee] = e
				queue = append(queue, e.Callee)
			}
		}
	}
	// An exit is reported at each of its callers (the function to fix or
	// allow), a panic at its function.
	found := map[string]string{}
	for n := range via {
		switch {
		case panics(n.Func):
			if name := nameOf(n.Func); allowed[name] == "" {
				found[name] = path(n, via)
			}
		case exits(n.Func):
			for _, in := range n.In {
				if caller := nameOf(in.Caller.Func); via[in.Caller] != nil && !exits(in.Caller.Func) && allowed[caller] == "" {
					found[caller] = path(in.Caller, via) + " →\n\t" + n.Func.String()
				}
			}
		}
	}
	report := slices.Sorted(maps.Values(found))
	for _, f := range report {
		t.Errorf("a request can end the process:\n%s", f)
	}

	// A parser's panic must meet a recover. ServeHTTP's covers the
	// request's own goroutine; a goroutine started on the way has none
	// unless it defers one, so its panic ends the process. exposed are the
	// functions such a goroutine runs before any recover.
	// Only our go statements, and calls to a function or a method: a call
	// of a func value, the analysis has call every function of its type.
	exposed := map[*callgraph.Node]*callgraph.Edge{} // as via, from the go statement
	queue = queue[:0]
	for n := range via {
		if !strings.HasPrefix(pkgPath(n.Func), module) {
			continue
		}
		for _, e := range n.Out {
			if _, started := e.Site.(*ssa.Go); started && exposed[e.Callee] == nil && !recovers(e.Callee.Func) {
				exposed[e.Callee] = e
				queue = append(queue, e.Callee)
			}
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, e := range n.Out {
			if c := e.Site.Common(); c.StaticCallee() == nil && !c.IsInvoke() {
				continue
			}
			if exposed[e.Callee] == nil && !recovers(e.Callee.Func) {
				exposed[e.Callee] = e
				queue = append(queue, e.Callee)
			}
		}
	}
	unguarded := map[string]string{}
	for n := range via {
		if !isParser(n.Func) {
			continue
		}
		for _, in := range n.In {
			// Our own direct calls: through an interface, the analysis
			// would have every Error and Write method called everywhere.
			if via[in.Caller] != nil && exposed[in.Caller] != nil && strings.HasPrefix(pkgPath(in.Caller.Func), module) &&
				!isParser(in.Caller.Func) && in.Site != nil && in.Site.Common().StaticCallee() == n.Func {
				unguarded[nameOf(in.Caller.Func)] = goPath(in.Caller, exposed, via) + " →\n\t" + n.Func.String()
			}
		}
	}
	for _, f := range slices.Sorted(maps.Values(unguarded)) {
		t.Errorf("a parser runs where no recover stands between its panic and the process:\n%s", f)
	}
	for name := range allowed {
		if f := function(prog, name); f == nil || via[graph.Nodes[f]] == nil {
			t.Errorf("%s is allowed but not reached: remove it from allowed", name)
		}
	}
}

// path words the calls from an entry point to n, one a line.
func path(n *callgraph.Node, via map[*callgraph.Node]*callgraph.Edge) string {
	var lines []string
	for ; n != nil; n = via[n].Caller {
		lines = append(lines, "\t"+n.Func.String())
		if via[n].Caller == nil {
			break
		}
	}
	slices.Reverse(lines)
	return strings.Join(lines, " →\n")
}

// goPath words the calls from an entry point to n through the go
// statement that started n's goroutine.
func goPath(n *callgraph.Node, exposed, via map[*callgraph.Node]*callgraph.Edge) string {
	var lines []string
	for {
		e := exposed[n]
		lines = append(lines, "\t"+n.Func.String())
		if _, started := e.Site.(*ssa.Go); started {
			lines = append(lines, "\t(go statement)")
			break
		}
		n = e.Caller
	}
	slices.Reverse(lines)
	return path(exposed[n].Caller, via) + " →\n" + strings.Join(lines, " →\n")
}

// function finds a package-level function or a method, named as
// ssa.Function.String names them: "pkg/path.F" or "pkg/path.(*T).M".
func function(prog *ssa.Program, name string) *ssa.Function {
	for _, p := range prog.AllPackages() {
		path := p.Pkg.Path()
		if !strings.HasPrefix(name, path+".") {
			continue
		}
		rest := name[len(path)+1:]
		if !strings.HasPrefix(rest, "(") {
			if f := p.Func(rest); f != nil {
				return f
			}
			continue
		}
		recv, method, ok := strings.Cut(strings.TrimPrefix(rest, "("), ").")
		if !ok {
			continue
		}
		ptr := strings.HasPrefix(recv, "*")
		typ := p.Type(strings.TrimPrefix(recv, "*"))
		if typ == nil {
			continue
		}
		var t types.Type = typ.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		if sel := prog.MethodSets.MethodSet(t).Lookup(p.Pkg, method); sel != nil {
			return prog.MethodValue(sel)
		}
	}
	return nil
}
