package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestPublications(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		u, err := s.CreateUser(ctx, store.NewUser{Email: "pub@example.org", Name: "Pub"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Strategy", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Other", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}

		p, err := s.Publication(ctx, m.ID)
		if err != nil || !reflect.DeepEqual(p, domain.NewPublication(m.ID)) {
			t.Fatalf("a map never published: %+v, %v", p, err)
		}

		v1, err := s.InsertVersion(ctx, domain.Version{MapID: m.ID, Revision: 3, Kind: domain.VersionPublished, Name: "First", CreatedBy: &u.ID}, []byte(`{"map":{"id":1}}`))
		if err != nil {
			t.Fatal(err)
		}
		v2, err := s.InsertVersion(ctx, domain.Version{MapID: m.ID, Revision: 5, Kind: domain.VersionSaved}, []byte(`{"v":2}`))
		if err != nil {
			t.Fatal(err)
		}
		p.URL, p.AccessMode, p.EmbedOnly = "strategy", domain.AccessAccessible, true
		p.EmbedDomains, p.SEOTitle, p.SEODescription = []string{"example.org"}, "Strategy", "Our strategy"
		p.Live = &v1
		if err := s.SavePublication(ctx, p); err != nil {
			t.Fatal(err)
		}
		got, err := s.PublicationByURL(ctx, "strategy")
		if err != nil {
			t.Fatal(err)
		}
		if got.MapID != m.ID || got.AccessMode != domain.AccessAccessible || !got.EmbedOnly || got.SEODescription != "Our strategy" ||
			!reflect.DeepEqual(got.EmbedDomains, []string{"example.org"}) || got.Live == nil || got.Live.ID != v1.ID || got.Live.Revision != 3 ||
			got.Live.CreatedBy == nil || *got.Live.CreatedBy != u.ID || !got.Live.CreatedAt.Equal(v1.CreatedAt) {
			t.Fatalf("read back %+v (live %+v)", got, got.Live)
		}
		if _, err := s.PublicationByURL(ctx, "nope"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("unknown address: %v", err)
		}

		// Another map cannot take the address; nothing of its publication is written.
		q := domain.NewPublication(other.ID)
		q.URL = "strategy"
		if err := s.SavePublication(ctx, q); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("address taken: %v", err)
		}
		if op, err := s.Publication(ctx, other.ID); err != nil || op.URL != "" {
			t.Fatalf("the other map's publication: %+v, %v", op, err)
		}

		vs, err := s.Versions(ctx, m.ID, domain.Page{Limit: 10})
		if err != nil || len(vs) != 2 || vs[0].ID != v2.ID || vs[1].ID != v1.ID || vs[1].Name != "First" {
			t.Fatalf("versions newest first: %+v, %v", vs, err)
		}
		doc, err := s.VersionDocument(ctx, m.ID, v2.ID)
		if err != nil || string(doc) != `{"v":2}` {
			t.Fatalf("document: %s, %v", doc, err)
		}
		if _, err := s.VersionDocument(ctx, other.ID, v2.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another map's version: %v", err)
		}

		// Deleting the live version's map takes its publication and versions along.
		if err := s.DeleteMap(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.PublicationByURL(ctx, "strategy"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("after deleting the map: %v", err)
		}
	})
}
