package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/valyala/fastjson"

	"github.com/strata-maps/strata/internal/auth"
)

// server is a process under test: Strata or the relay.
type server struct {
	cmd  *exec.Cmd
	addr string
}

// startServer runs argv on core 0 (when pinned) on a free loopback port,
// which argv names with {addr} or {port}.
func startServer(pin bool, argv ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	_, port, _ := net.SplitHostPort(addr)
	for i, a := range argv {
		argv[i] = strings.NewReplacer("{addr}", addr, "{port}", port).Replace(a)
	}
	if pin {
		argv = append([]string{"taskset", "-c", "0"}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	return &server{cmd: cmd, addr: addr}, nil
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	_ = s.cmd.Wait()
}

// waitListening waits until the server accepts connections.
func (s *server) waitListening() error {
	for i := 0; i < 200; i++ {
		if c, err := net.Dial("tcp", s.addr); err == nil {
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s not listening", s.addr)
}

// cpu reads the user and system CPU time the server has used.
func (s *server) cpu() time.Duration { return processCPU(s.cmd.Process.Pid) }

// processCPU reads the user and system CPU time a process has used, from
// /proc/<pid>/stat (utime and stime, in clock ticks of 1/100 s).
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses.
	fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100
}

// syscalls reads how many read and write system calls the server has made,
// from /proc/<pid>/io.
func (s *server) syscalls() (reads, writes int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "syscr: "); ok {
			reads, _ = strconv.ParseInt(v, 10, 64)
		}
		if v, ok := strings.CutPrefix(line, "syscw: "); ok {
			writes, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	return reads, writes
}

// rss reads the server's resident memory.
func (s *server) rss() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1000
		}
	}
	return 0
}

// result is what one run of the load measured.
type result struct {
	pointerLat []time.Duration
	deliveries int64 // pointer updates received from other editors
	frames     int64 // updated_user_state frames received
	frameBytes int64
	sent       int64 // pointer frames sent
	cpu        time.Duration
	// clientsCPU is this process's: near a whole core, the clients are
	// what limits the figures.
	clientsCPU time.Duration
	// reads and writes are the server's system calls over the load.
	reads, writes int64
	rss           int64
	dur           time.Duration

	changeLat []time.Duration
	syncs     int64
	committed int64
	refused   int64
}

// perDelivery is the server's CPU time per delivered pointer update.
func (r result) perDelivery() time.Duration {
	if r.deliveries == 0 {
		return 0
	}
	return r.cpu / time.Duration(r.deliveries)
}

// load is one run: every editor's socket opened on the server (dial names
// its URL and headers), pointers sent at hz from each for dur, stored
// changes made by the writers when base is set.
type load struct {
	editors []editor
	hz      float64
	dur     time.Duration
	dial    func(e editor) (string, http.Header)
	base    string // Strata's URL for stored changes; "" for none
	// perf, when set, is where perf record writes a CPU profile of the
	// server over the load.
	perf string
}

func (l load) run(ctx context.Context, srv *server) (result, error) {
	conns := make([]*websocket.Conn, len(l.editors))
	for i, e := range l.editors {
		url, header := l.dial(e)
		ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
		if err != nil {
			return result{}, fmt.Errorf("dial %d: %w", i, err)
		}
		ws.SetReadLimit(1 << 20)
		conns[i] = ws
	}
	epoch := time.Now()
	deadline := epoch.Add(l.dur)
	loadCtx, stop := context.WithTimeout(ctx, l.dur+5*time.Second)
	defer stop()
	var res result
	var mu sync.Mutex
	var wg sync.WaitGroup
	var sent atomic.Int64
	commits := &commitLog{}
	byMap := map[int64][]int{}
	var maps []int64
	for i, e := range l.editors {
		if byMap[e.mapID] == nil {
			maps = append(maps, e.mapID)
		}
		byMap[e.mapID] = append(byMap[e.mapID], i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := readPointers(conns[i], e, epoch, deadline, commits)
			mu.Lock()
			res.add(r)
			mu.Unlock()
		}()
		if l.base != "" && e.writer {
			wg.Add(1)
			go func() { defer wg.Done(); commits.changes(l.base, e, deadline) }()
		}
	}
	// One sender a map, the maps' ticks spread over the period, as users
	// who move their mice independently.
	period := time.Duration(float64(time.Second) / l.hz)
	for n, id := range maps {
		offset := period * time.Duration(n) / time.Duration(len(maps))
		ws := make([]*websocket.Conn, 0, len(byMap[id]))
		for _, i := range byMap[id] {
			ws = append(ws, conns[i])
		}
		wg.Add(1)
		go func() { defer wg.Done(); sendPointers(loadCtx, ws, period, offset, epoch, deadline, &sent) }()
	}
	var profiler *exec.Cmd
	if l.perf != "" {
		profiler = exec.Command("perf", "record", "-g", "-F", "499", "-o", l.perf, "-p", strconv.Itoa(srv.cmd.Process.Pid),
			"--", "sleep", strconv.Itoa(int(l.dur.Seconds())))
		profiler.Stderr = os.Stderr
		if err := profiler.Start(); err != nil {
			return result{}, fmt.Errorf("perf: %w", err)
		}
	}
	cpu0, clients0 := srv.cpu(), processCPU(os.Getpid())
	r0, w0 := srv.syscalls()
	time.Sleep(l.dur)
	res.cpu = srv.cpu() - cpu0
	res.clientsCPU = processCPU(os.Getpid()) - clients0
	r1, w1 := srv.syscalls()
	res.reads, res.writes = r1-r0, w1-w0
	if profiler != nil {
		if err := profiler.Wait(); err != nil {
			return result{}, fmt.Errorf("perf: %w", err)
		}
	}
	res.rss = srv.rss()
	res.dur = l.dur
	time.Sleep(2 * time.Second) // the last changes arrive
	stop()
	for _, c := range conns {
		c.CloseNow()
	}
	wg.Wait()
	res.sent = sent.Load()
	res.committed = commits.committed.Load()
	res.refused = commits.failed.Load()
	return res, nil
}

func (r *result) add(o result) {
	r.pointerLat = append(r.pointerLat, o.pointerLat...)
	r.deliveries += o.deliveries
	r.frames += o.frames
	r.frameBytes += o.frameBytes
	r.changeLat = append(r.changeLat, o.changeLat...)
	r.syncs += o.syncs
}

// sendPointers sends each socket's pointer every period. The pointer's x
// carries the time it was sent (ms since the epoch of the run, shortest
// form, as the servers write it back), so that a receiver knows its age.
func sendPointers(ctx context.Context, conns []*websocket.Conn, period, offset time.Duration, epoch, deadline time.Time, sent *atomic.Int64) {
	time.Sleep(offset)
	t := time.NewTicker(period)
	defer t.Stop()
	buf := make([]byte, 0, 96)
	for now := range t.C {
		if now.After(deadline) || ctx.Err() != nil {
			return
		}
		for _, ws := range conns {
			ms := float64(time.Since(epoch).Microseconds()) / 1000
			buf = append(buf[:0], `{"event":"update_user_state","data":{"x":`...)
			buf = strconv.AppendFloat(buf, ms, 'f', -1, 64)
			buf = append(buf, `,"y":1}}`...)
			// The background context: one that can end makes the library
			// set up a timer per write. The socket is closed at the end.
			if ws.Write(context.Background(), websocket.MessageText, buf) != nil {
				return
			}
			sent.Add(1)
		}
	}
}

// readPointers reads a socket until it closes, timing the other editors'
// pointers and the stored changes. Deliveries and frames are counted up to
// the deadline, over the time the servers' CPU is measured; latencies of
// those still under way then are kept.
func readPointers(ws *websocket.Conn, e editor, epoch, deadline time.Time, commits *commitLog) result {
	var r result
	var p fastjson.Parser
	var in bytes.Buffer
	for {
		_, rd, err := ws.Reader(context.Background())
		if err != nil {
			return r
		}
		in.Reset()
		if _, err := in.ReadFrom(rd); err != nil && err != io.EOF {
			return r
		}
		now := time.Now()
		v, err := p.ParseBytes(in.Bytes())
		if err != nil {
			continue
		}
		switch string(v.GetStringBytes("event")) {
		case "updated_user_state":
			counted := now.Before(deadline)
			if counted {
				r.frames++
				r.frameBytes += int64(in.Len())
			}
			for _, u := range v.GetArray("data", "users") {
				if u.GetInt64("id") == e.userID {
					continue
				}
				sent := epoch.Add(time.Duration(u.GetFloat64("x") * float64(time.Millisecond)))
				r.pointerLat = append(r.pointerLat, now.Sub(sent))
				if counted {
					r.deliveries++
				}
			}
		case "sync_map_edit":
			r.syncs++
			r.changeLat = append(r.changeLat, commits.since(e.mapID, v.GetInt64("data", "revision"), now))
		}
	}
}

// commitLog keeps when each stored change's REST call answered.
type commitLog struct {
	at        sync.Map // "map/revision" → time.Time
	committed atomic.Int64
	failed    atomic.Int64
}

// since is how long after its REST answer a change arrived; a change that
// beats the answer (they race) counts as 0 ms.
func (l *commitLog) since(mapID, revision int64, now time.Time) time.Duration {
	if at, ok := l.at.Load(fmt.Sprintf("%d/%d", mapID, revision)); ok {
		return max(0, now.Sub(at.(time.Time)))
	}
	return 0
}

// changes moves the writer's node once a second through the REST API.
func (l *commitLog) changes(base string, e editor, deadline time.Time) {
	client := &http.Client{}
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		body := fmt.Sprintf(`{"nodes":[{"id":%d,"geometry":{"center":{"x":%d,"y":5}}}]}`, e.nodeID, time.Now().UnixNano()%1000)
		req, _ := http.NewRequest("PATCH", fmt.Sprintf("%s/api/v1/maps/%d/elements", base, e.mapID), strings.NewReader(body))
		req.Header.Set("Cookie", auth.SessionCookie+"="+e.cookie)
		req.Header.Set("Content-Type", "application/json")
		// What the web app's calls carry: the CSRF check wants both.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Origin", base)
		res, err := client.Do(req)
		if err != nil {
			continue
		}
		if res.StatusCode != 200 && l.failed.Add(1) == 1 {
			b, _ := io.ReadAll(res.Body)
			fmt.Fprintf(os.Stderr, "a stored change failed: %d %s\n", res.StatusCode, b)
		}
		rev := res.Header.Get("X-Map-Revision")
		res.Body.Close()
		if res.StatusCode == 200 {
			l.at.Store(fmt.Sprintf("%d/%s", e.mapID, rev), time.Now())
			l.committed.Add(1)
		}
	}
}
