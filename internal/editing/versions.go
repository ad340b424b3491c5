package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Versions (account-area §4): publishing stores a snapshot of the working
// copy and makes it live; a stored version can be made live later, or put
// back in place of the working copy. Each runs in the map's transaction and
// writes a change, so that every editor hears of it in revision order and
// the map protocol shows who did it.

// Change types of publishing (spec §7: map published, reset; state restored).
const (
	TypeMapPublished  = "map_published"
	TypeMapReset      = "map_reset"
	TypeStateRestored = "state_restored"
)

// PublicationState is the data of a publishing change: the live version
// after it (nil when taken down), the revision at which the working copy
// last equalled it, and the version the change published or restored.
type PublicationState struct {
	LiveVersionID  *int64      `json:"live_version_id" required:"true"`
	SyncedRevision int64       `json:"synced_revision"`
	Version        *VersionRef `json:"version,omitempty"`
}

// VersionRef names a version in a change.
type VersionRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Snapshot writes a map's document as GET /maps/{id} answers it, read in
// the edit's transaction.
type Snapshot func(ctx context.Context, tx *store.Store, mapID int64) ([]byte, error)

// VersionNote is what the author says of a version.
type VersionNote struct {
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
}

func (n VersionNote) validate() (VersionNote, error) {
	n = VersionNote{Name: strings.TrimSpace(n.Name), Description: strings.TrimSpace(n.Description)}
	v := &domain.Validation{}
	v.Check(len([]rune(n.Name)) <= 200, "name", domain.TooLong(200))
	v.Check(len([]rune(n.Description)) <= 2000, "description", domain.TooLong(2000))
	return n, v.Err()
}

// StoreVersion keeps the working copy as a version; a published one becomes
// live at once.
func (s *Service) StoreVersion(ctx context.Context, mapID, userID int64, kind domain.VersionKind, note VersionNote,
	snap Snapshot) (domain.Publication, domain.Version, Result, error) {
	note, err := note.validate()
	if err != nil {
		return domain.Publication{}, domain.Version{}, Result{}, err
	}
	var (
		p   domain.Publication
		ver domain.Version
	)
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		doc, err := snap(ctx, e.tx, mapID)
		if err != nil {
			return err
		}
		// The texts for search engines go live with the version, as its map does.
		pub, err := e.tx.Publication(ctx, mapID)
		if err != nil {
			return err
		}
		ver, err = e.tx.InsertVersion(ctx, domain.Version{MapID: mapID, Revision: e.m.Revision, Kind: kind,
			Name: note.Name, Description: note.Description, SEOTitle: pub.SEOTitle, SEODescription: pub.SEODescription,
			CreatedBy: &userID}, doc)
		if err != nil {
			return err
		}
		if err := e.tx.CopyVersionContents(ctx, mapID, ver.ID); err != nil {
			return err
		}
		if err := e.tx.CopyVersionSections(ctx, mapID, ver.ID); err != nil {
			return err
		}
		if ver, err = e.tx.Version(ctx, mapID, ver.ID); err != nil { // with its author's name
			return err
		}
		if kind != domain.VersionPublished {
			return nil
		}
		p, err = e.setLive(&ver, true)
		return err
	})
	return p, ver, res, err
}

// PublishVersion makes a stored version live: the collected versions are
// published.
func (s *Service) PublishVersion(ctx context.Context, mapID, userID, versionID int64) (domain.Publication, Result, error) {
	var p domain.Publication
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		ver, err := e.tx.Version(ctx, mapID, versionID)
		if err != nil {
			return err
		}
		// Nothing changed since the version was kept: the working copy is
		// still what goes live.
		p, err = e.setLive(&ver, ver.Revision == e.m.Revision)
		return err
	})
	return p, res, err
}

// TakeDown removes the live version; the working copy and the versions stay.
func (s *Service) TakeDown(ctx context.Context, mapID, userID int64) (domain.Publication, Result, error) {
	var p domain.Publication
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var err error
		p, err = e.setLive(nil, false)
		return err
	})
	return p, res, err
}

// setLive makes ver the live version (nil: none) and writes the change;
// synced says the working copy equals it.
func (e *edit) setLive(ver *domain.Version, synced bool) (domain.Publication, error) {
	p, err := e.tx.Publication(e.ctx, e.m.ID)
	if err != nil || (ver == nil && p.Live == nil) { // nothing live to take down: nothing to tell
		return p, err
	}
	p.Live = ver
	state := &PublicationState{}
	if ver != nil {
		state.LiveVersionID, state.Version = &ver.ID, &VersionRef{ID: ver.ID, Name: ver.Name}
	}
	return p, e.recordPublication(TypeMapPublished, &p, state, synced)
}

// recordPublication writes a publishing change and stores the publication,
// synced (to the change's revision) when the working copy equals the live
// version after it.
func (e *edit) recordPublication(typ string, p *domain.Publication, state *PublicationState, synced bool) error {
	// The change raises the revision by one: it is the one the working copy equals the live version at.
	next := e.m.Revision + 1
	if synced {
		p.SyncedRevision = next
	}
	state.SyncedRevision = p.SyncedRevision
	if err := e.record(typ, Delta{Publication: state}); err != nil {
		return err
	}
	if e.m.Revision != next {
		return fmt.Errorf("map %d: publishing change at revision %d, not %d", e.m.ID, e.m.Revision, next)
	}
	return e.tx.SavePublication(e.ctx, *p)
}

// Restored is what restoring answers: the map's revision and publication.
type Restored struct {
	Result
	Publication domain.Publication
}

// RestoreVersion puts a stored version in place of the working copy
// (state_restored); every editor reloads the map.
func (s *Service) RestoreVersion(ctx context.Context, mapID, userID, versionID int64) (Restored, error) {
	return s.restore(ctx, mapID, userID, TypeStateRestored, func(tx *store.Store, _ domain.Publication) (domain.Version, error) {
		return tx.Version(ctx, mapID, versionID)
	})
}

// ResetToLive puts the live version in place of the working copy (map_reset).
func (s *Service) ResetToLive(ctx context.Context, mapID, userID int64) (Restored, error) {
	return s.restore(ctx, mapID, userID, TypeMapReset, func(_ *store.Store, p domain.Publication) (domain.Version, error) {
		if p.Live == nil {
			return domain.Version{}, domain.Errorf(domain.CodeConflict, "the map has no live version to reset to")
		}
		return *p.Live, nil
	})
}

// versionDocument is a stored version's document (GET /maps/{id}'s shape).
type versionDocument struct {
	Map             MapSettings               `json:"map"`
	ObjectTemplates []domain.ObjectTemplate   `json:"object_templates"`
	GlobalDesign    map[string]map[string]any `json:"global_design"`
	Layers          []domain.Layer            `json:"layers"`
	Nodes           []domain.Node             `json:"nodes"`
	Edges           []domain.Edge             `json:"edges"`
}

func (s *Service) restore(ctx context.Context, mapID, userID int64, typ string,
	pick func(tx *store.Store, p domain.Publication) (domain.Version, error)) (Restored, error) {
	var p domain.Publication
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		var err error
		if p, err = e.tx.Publication(ctx, mapID); err != nil {
			return err
		}
		ver, err := pick(e.tx, p)
		if err != nil {
			return err
		}
		if err := e.putBack(ver); err != nil {
			return err
		}
		state := &PublicationState{LiveVersionID: nil, Version: &VersionRef{ID: ver.ID, Name: ver.Name}}
		if p.Live != nil {
			state.LiveVersionID = &p.Live.ID
		}
		return e.recordPublication(typ, &p, state, p.Live != nil && p.Live.ID == ver.ID)
	})
	return Restored{Result: res, Publication: p}, err
}

// putBack replaces the map's settings, layers, global design, templates,
// nodes and edges with a version's, under their own ids, with each node's
// whole content as the version kept it.
func (e *edit) putBack(ver domain.Version) error {
	raw, err := e.tx.VersionDocument(e.ctx, e.m.ID, ver.ID)
	if err != nil {
		return err
	}
	var doc versionDocument
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("version %d of map %d: stored document: %w", ver.ID, e.m.ID, err)
	}
	contents, err := e.tx.VersionContents(e.ctx, ver.ID)
	if err != nil {
		return err
	}
	if err := e.full(); err != nil {
		return err
	}
	st := doc.Map
	e.m.Name, e.m.Description = st.Name, st.Description
	e.m.Width, e.m.Height = st.Measurement.Width, st.Measurement.Height
	e.m.Design, e.m.VisibilityLevels, e.m.Behavior, e.m.Languages = st.Design, st.VisibilityLevels, st.Behavior, st.Languages
	e.m.GlobalDesign, e.m.Layers = doc.GlobalDesign, doc.Layers
	if err := e.saveMap(); err != nil {
		return err
	}
	for i := range doc.Nodes {
		// The document holds a summary of each node's content; the version kept it whole.
		n := &doc.Nodes[i]
		if c, ok := contents[n.ID]; ok {
			n.Content = nil
			if err := json.Unmarshal([]byte(c), &n.Content); err != nil {
				return fmt.Errorf("version %d: content of node %d: %w", ver.ID, n.ID, err)
			}
		}
	}
	if err := e.putBackSections(ver.ID); err != nil {
		return err
	}
	return e.tx.ReplaceElements(e.ctx, e.m.ID, doc.ObjectTemplates, doc.Nodes, doc.Edges)
}

// putBackSections replaces the map's sections with those the version
// kept. The quizzes' id counter keeps the higher of the two, so that no id
// is given twice.
func (e *edit) putBackSections(versionID int64) error {
	sections, err := e.tx.VersionSections(e.ctx, versionID)
	if err != nil {
		return err
	}
	current, err := quizSet(e.ctx, e.tx, e.m.ID)
	if err != nil {
		return err
	}
	kept, err := ReadQuizSet(sections[domain.SectionQuizzes])
	if err != nil {
		return fmt.Errorf("version %d: %w", versionID, err)
	}
	if current.NextID > kept.NextID {
		kept.NextID = current.NextID
		if sections[domain.SectionQuizzes], err = json.Marshal(kept); err != nil {
			return fmt.Errorf("version %d: quizzes: %w", versionID, err)
		}
	}
	return e.tx.ReplaceSections(e.ctx, e.m.ID, sections)
}
