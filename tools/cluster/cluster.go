package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"lockers/internal/adapters/mail/mailtest"
)

// Options shape a cluster.
type Options struct {
	DatabaseURL string
	Processes   int      // default 3
	Binary      string   // a lockerd to run; "" runs this binary again (ChildMain)
	Env         []string // more variables for every process (KEY=value)
	Dir         string   // logs and HAProxy's configuration go here
}

// Cluster is the running processes, the balancer in front and the SMTP
// server their e-mails go to.
type Cluster struct {
	Base  string // the balancer: http://127.0.0.1:port
	Procs []*Proc
	Mail  *mailtest.Server
	opts  Options
	proxy *exec.Cmd
}

// Proc is one lockerd.
type Proc struct {
	Addr   string // host:port of its own HTTP server
	Log    string // its log file
	cmd    *exec.Cmd
	exited chan struct{}
}

// metricsToken is every process's METRICS_TOKEN, which Metrics sends.
const metricsToken = "cluster-test-metrics-token-0123456789abcdef"

// childEnv marks a process started to be a lockerd (ChildMain).
const childEnv = "LOCKERS_CLUSTER_CHILD"

// Start runs the first process alone, so that it migrates the database
// (as a deploy runs `lockerd migrate` once), then the others and HAProxy.
func Start(ctx context.Context, o Options) (*Cluster, error) {
	if o.Processes <= 0 {
		o.Processes = 3
	}
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/haproxy"); serr != nil {
			return nil, errors.New("cluster: haproxy is not installed (apt-get install haproxy)")
		}
		haproxy = "/usr/sbin/haproxy"
	}
	mail, err := mailtest.New("", "")
	if err != nil {
		return nil, err
	}
	c := &Cluster{Mail: mail, opts: o}
	ports, err := freePorts(o.Processes + 1)
	if err != nil {
		c.Stop()
		return nil, err
	}
	c.Base = "http://127.0.0.1:" + strconv.Itoa(ports[0])
	for i := range o.Processes {
		p, err := c.startProc(i, ports[i+1])
		if err != nil {
			c.Stop()
			return nil, err
		}
		c.Procs = append(c.Procs, p)
		if i == 0 {
			if err := p.waitReady(ctx, 90*time.Second); err != nil {
				c.Stop()
				return nil, err
			}
		}
	}
	for _, p := range c.Procs[1:] {
		if err := p.waitReady(ctx, 90*time.Second); err != nil {
			c.Stop()
			return nil, err
		}
	}
	if err := c.startProxy(ctx, haproxy, ports[0]); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

func (c *Cluster) startProc(i, port int) (*Proc, error) {
	bin, args := c.opts.Binary, []string{"serve"}
	if bin == "" {
		self, err := os.Executable()
		if err != nil {
			return nil, err
		}
		bin, args = self, []string{"-test.run=^$"}
	}
	logPath := filepath.Join(c.opts.Dir, fmt.Sprintf("lockerd-%d.log", i))
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(),
		childEnv+"=1",
		"HTTP_ADDR=127.0.0.1:"+strconv.Itoa(port),
		"DATABASE_URL="+c.opts.DatabaseURL,
		"PUBLIC_URL="+c.Base,
		"SMTP_URL="+c.Mail.URL(),
		"TRUST_PROXY=true",
		"DEMO_SEED=false",
		"LOG_LEVEL=warn",
		// Secrets every process must share: links and PINs made by one are checked by another.
		"INVOICE_LINK_SECRET=cluster-test-invoice-link-secret-0123456789",
		"STATION_SECRET=cluster-test-station-secret-0123456789abcdef",
		"DEMO_WEBHOOK_SECRET=whsec_cluster_test",
		// Metrics reads /metrics on each process's own address with it.
		"METRICS_TOKEN="+metricsToken,
	)
	cmd.Env = append(cmd.Env, c.opts.Env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("cluster: start lockerd %d: %w", i, err)
	}
	p := &Proc{Addr: "127.0.0.1:" + strconv.Itoa(port), Log: logPath, cmd: cmd, exited: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(p.exited) }()
	return p, nil
}

// waitReady waits for the process's /readyz (database reachable, serving).
func (p *Proc) waitReady(ctx context.Context, within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		select {
		case <-p.exited:
			return fmt.Errorf("cluster: lockerd on %s exited at start; its log:\n%s", p.Addr, tail(p.Log))
		default:
		}
		if get(ctx, "http://"+p.Addr+"/readyz") == http.StatusOK {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("cluster: lockerd on %s not ready within %s; its log:\n%s", p.Addr, within, tail(p.Log))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// proxyConfig: round robin over the processes, each checked on /readyz
// every second and taken out after three failures (a busy machine may
// answer one check late); a request whose
// connection was refused goes to another process (nothing of it reached the
// dead one, so retrying it is safe even for a mutation). X-Forwarded-For
// carries the client's address (TRUST_PROXY=true).
func (c *Cluster) proxyConfig(port int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout check 3s
    timeout client 60s
    timeout server 60s
    retries 3
    option redispatch 1
    option forwardfor
frontend lockers
    bind 127.0.0.1:%d
    default_backend lockerd
backend lockerd
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 3 rise 2
`, port)
	for i, p := range c.Procs {
		fmt.Fprintf(&b, "    server lockerd%d %s check\n", i, p.Addr)
	}
	return b.String()
}

func (c *Cluster) startProxy(ctx context.Context, haproxy string, port int) error {
	cfgPath := filepath.Join(c.opts.Dir, "haproxy.cfg")
	if err := os.WriteFile(cfgPath, []byte(c.proxyConfig(port)), 0o600); err != nil {
		return err
	}
	logPath := filepath.Join(c.opts.Dir, "haproxy.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	cmd := exec.Command(haproxy, "-db", "-f", cfgPath)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return fmt.Errorf("cluster: start haproxy: %w", err)
	}
	c.proxy = cmd
	go func() { _ = cmd.Wait(); logFile.Close() }()
	deadline := time.Now().Add(20 * time.Second)
	for get(ctx, c.Base+"/readyz") != http.StatusOK {
		if time.Now().After(deadline) {
			return fmt.Errorf("cluster: haproxy did not serve within 20 s; its log:\n%s", tail(logPath))
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

// Kill ends process i with SIGKILL, as a crash or the OOM killer would.
func (c *Cluster) Kill(i int) error {
	p := c.Procs[i]
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return err
	}
	<-p.exited
	return nil
}

// Alive reports whether process i still runs.
func (p *Proc) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// PID is the process id (for RSS and file descriptor counts).
func (p *Proc) PID() int { return p.cmd.Process.Pid }

// Stop ends every process with SIGTERM (SIGKILL after 15 s), then HAProxy
// and the SMTP server.
func (c *Cluster) Stop() {
	if c.proxy != nil && c.proxy.Process != nil {
		_ = c.proxy.Process.Kill()
	}
	for _, p := range c.Procs {
		if !p.Alive() {
			continue
		}
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.exited:
		case <-time.After(15 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	}
	c.Mail.Close()
}

// Logs returns the end of every process's log (for a failed test).
func (c *Cluster) Logs() string {
	var b strings.Builder
	for i, p := range c.Procs {
		fmt.Fprintf(&b, "--- lockerd %d (%s) ---\n%s\n", i, p.Addr, tail(p.Log))
	}
	return b.String()
}

func get(ctx context.Context, url string) int {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

func freePorts(n int) ([]int, error) {
	var ports []int
	var lns []net.Listener
	defer func() {
		for _, l := range lns {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		lns = append(lns, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// tail is the last 4 kB of a log file.
func tail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if len(b) > 4096 {
		b = b[len(b)-4096:]
	}
	return string(b)
}
