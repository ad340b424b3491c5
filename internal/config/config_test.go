package config

import (
	"flag"
	"strings"
	"testing"
	"time"
)

func parse(t *testing.T, env map[string]string, args ...string) *Config {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	c := Register(fs, func(k string) string { return env[k] })
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFlagBeatsEnvironmentBeatsDefault(t *testing.T) {
	c := parse(t, nil)
	if c.Addr != ":8080" || c.DataDir != "./data" || c.LogFormat != "text" {
		t.Fatalf("defaults: %+v", c)
	}
	c = parse(t, map[string]string{"STRATA_ADDR": ":9000", "STRATA_LOG_FORMAT": "json"})
	if c.Addr != ":9000" || c.LogFormat != "json" {
		t.Fatalf("environment not read: %+v", c)
	}
	c = parse(t, map[string]string{"STRATA_ADDR": ":9000"}, "--addr", ":9100")
	if c.Addr != ":9100" {
		t.Fatalf("flag should win over the environment: %q", c.Addr)
	}
}

func TestValidateNamesTheSetting(t *testing.T) {
	tests := map[string][]string{
		"--log-level (STRATA_LOG_LEVEL)":             {"--log-level", "loud"},
		"--log-format (STRATA_LOG_FORMAT)":           {"--log-format", "xml"},
		"--public-url (STRATA_PUBLIC_URL)":           {"--public-url", "maps.example.org"},
		"--redis-url (STRATA_REDIS_URL)":             {"--redis-url", "localhost:6379"},
		"--redis-prefix (STRATA_REDIS_PREFIX)":       {"--redis-prefix", "two words"},
		"--smtp-url (STRATA_SMTP_URL)":               {"--smtp-url", "mail.example.org"},
		"--trusted-proxies (STRATA_TRUSTED_PROXIES)": {"--trusted-proxies", "10.0.0.0/8,proxy.example.org"},
		"--lock-grace (STRATA_LOCK_GRACE)":           {"--lock-grace", "10"},
		"--api-key-rate (STRATA_API_KEY_RATE)":       {"--api-key-rate", "0"},
		"--document-memory (STRATA_DOCUMENT_MEMORY)": {"--document-memory", "8"},
		"--memory-limit (STRATA_MEMORY_LIMIT)":       {"--memory-limit", "2GB"},
	}
	for want, args := range tests {
		err := parse(t, nil, args...).Validate()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: got %v, want a message naming %s", args, err, want)
		}
	}
	if err := parse(t, nil, "--public-url", "https://maps.example.org").Validate(); err != nil {
		t.Errorf("valid settings refused: %v", err)
	}
	if d, err := parse(t, nil, "--lock-grace", "750ms").LockGraceDuration(); err != nil || d != 750*time.Millisecond {
		t.Errorf("lock grace 750ms: %v, %v", d, err)
	}
	if err := parse(t, map[string]string{"STRATA_REDIS_PREFIX": "strata:prod-1"}).Validate(); err != nil {
		t.Errorf("redis prefix strata:prod-1 refused: %v", err)
	}
	if err := parse(t, nil, "--lock-grace", "1h").Validate(); err == nil {
		t.Error("a lock grace of an hour was taken")
	}
	if n, err := parse(t, map[string]string{"STRATA_API_KEY_RATE": "120"}).APIKeyRatePerMinute(); err != nil || n != 120 {
		t.Errorf("API key rate 120: %v, %v", n, err)
	}
	if n, err := parse(t, nil).APIKeyRatePerMinute(); err != nil || n != 600 {
		t.Errorf("default API key rate: %v, %v", n, err)
	}
	if n, err := parse(t, nil, "--document-memory", "512").DocumentMemoryBytes(); err != nil || n != 512<<20 {
		t.Errorf("document memory 512: %v, %v", n, err)
	}
	if err := parse(t, nil, "--document-memory", "1GB").Validate(); err == nil {
		t.Error("a document memory with a unit was taken")
	}
	if n, err := parse(t, map[string]string{"STRATA_MEMORY_LIMIT": "1536"}).MemoryLimitBytes(); err != nil || n != 1536<<20 {
		t.Errorf("memory limit 1536: %v, %v", n, err)
	}
	if n, err := parse(t, nil).MemoryLimitBytes(); err != nil || n != 0 {
		t.Errorf("default memory limit: %v, %v (want none)", n, err)
	}
	if err := parse(t, nil, "--memory-limit", "16").Validate(); err == nil {
		t.Error("a memory limit of 16 MB was taken")
	}
}

func TestTrustedProxiesParse(t *testing.T) {
	c := parse(t, map[string]string{"STRATA_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7 ,fd00::/8"})
	ps, err := c.TrustedProxyPrefixes()
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, p := range ps {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 192.168.1.7/32 fd00::/8" {
		t.Fatalf("parsed %v", got)
	}
}
