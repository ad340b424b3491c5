package api_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/store"
)

// A kill between an upload's file and its row leaves a file without a
// row (never a row without its file): the sweep removes such files once
// an hour old, and keeps every file a row names.
func TestMediaSweepAfterACrash(t *testing.T) {
	eachMediaStorage(t, nil, func(t *testing.T, h *mediaHarness) {
		ctx := context.Background()
		var kept domain.MediaAsset
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(300, 20)}).want(201).decode(&kept)
		// What a killed upload leaves: its files under their final names,
		// no row; and a temporary name of a write cut off.
		orphan := "abcdefghijklmnopqrstuvwxyz"
		for _, name := range []string{orphan + "/1/original", orphan + "/1/w256", kept.Key + "/7/original"} {
			if err := h.files.Put(ctx, name, bytes.NewReader([]byte("bytes")), "image/png"); err != nil {
				t.Fatal(err)
			}
		}
		svc := media.New(h.store, h.files, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		// Younger than an hour: an upload may still be writing its row.
		if n, err := svc.Sweep(ctx, time.Hour); err != nil || n != 0 {
			t.Fatalf("swept %d young files: %v", n, err)
		}
		n, err := svc.Sweep(ctx, -time.Minute) // as if an hour had passed
		if err != nil {
			t.Fatal(err)
		}
		if n != 3 {
			t.Errorf("swept %d files, want the 3 without their row", n)
		}
		objs := h.objects(t)
		if len(objs) != 2 || objs[0] != kept.Key+"/1/original" || objs[1] != kept.Key+"/1/w256" {
			t.Errorf("left %v, want the asset's files", objs)
		}
		h.as(guest).do("GET", kept.URL, nil).want(200)
	})
}

// An image stored before copies were counted (migration 00014 gave it its
// file's size) has its copies counted at start (CountOldCopies), once;
// the quota and the library then show them.
func TestMediaOldCopiesCounted(t *testing.T) {
	eachMediaStorage(t, nil, func(t *testing.T, h *mediaHarness) {
		ctx := context.Background()
		key := "abcdefghijklmnopqrstuvwxyz"
		file, copy256 := bytes.Repeat([]byte("o"), 5000), bytes.Repeat([]byte("c"), 700)
		for name, b := range map[string][]byte{key + "/1/original": file, key + "/1/w256": copy256} {
			if err := h.files.Put(ctx, name, bytes.NewReader(b), "image/png"); err != nil {
				t.Fatal(err)
			}
		}
		w, ht := 300, 200
		old := domain.MediaAsset{Key: key, ClientID: h.acme.ID, Version: 1, Type: domain.MediaImage, ContentType: "image/png",
			Name: "old.png", Size: int64(len(file)), Width: &w, Height: &ht, Widths: []int{256}, Metadata: domain.MediaMetadata{}.Normal()}
		if err := h.store.InsertMedia(ctx, store.MediaRow{MediaAsset: old, Containers: ",", Stored: old.Size}); err != nil {
			t.Fatal(err)
		}
		svc := media.New(h.store, h.files, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		for round, want := range []int{1, 0} {
			if n, err := svc.CountOldCopies(ctx); err != nil || n != want {
				t.Fatalf("round %d: counted %d assets, want %d: %v", round, n, want, err)
			}
		}
		var stats domain.MediaStats
		h.as(guest).do("GET", mediaPath+"/stats", nil).want(200).decode(&stats)
		if stats.UsedBytes != int64(len(file)+len(copy256)) {
			t.Errorf("used %d, want the file and its copy, %d", stats.UsedBytes, len(file)+len(copy256))
		}
	})
}
