package editing_test

import (
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestVersionNoteRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		for _, c := range []struct {
			note  editing.VersionNote
			field string
		}{
			{editing.VersionNote{Name: strings.Repeat("n", 201)}, "name"},
			{editing.VersionNote{Description: strings.Repeat("d", 2001)}, "description"},
		} {
			_, _, _, err := f.svc.StoreVersion(f.ctx, m.ID, f.user.ID, domain.VersionSaved, c.note, document.Snapshot)
			wantError(t, err, domain.CodeInvalid, c.field, domain.ProblemTooLong)
		}
		if f.mapRow(m.ID).Revision != 0 {
			t.Error("a refused version raised the revision")
		}
	})
}

func TestPublishRestoreAndReset(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(2)
		a := f.node(m.ID, 0, 0, 1, 2)
		en := domain.Text{domain.LangEN: "Hi"}
		if _, _, err := f.svc.PutGlossary(f.ctx, m.ID, f.user.ID, domain.Glossary{Terms: []domain.GlossaryTerm{{Term: en}}}); err != nil {
			t.Fatal(err)
		}
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID,
			Content: map[string]editing.NodeContentPatch{"en": {Title: ptr("First"), Abstract: ptr("kept whole")}}}}})

		// Nothing live: taking down says nothing, resetting has nothing to reset to.
		_, res, err := f.svc.TakeDown(f.ctx, m.ID, f.user.ID)
		if err != nil || len(res.Changes) != 0 {
			t.Errorf("taking down nothing: %v, %d changes", err, len(res.Changes))
		}
		_, err = f.svc.ResetToLive(f.ctx, m.ID, f.user.ID)
		wantError(t, err, domain.CodeConflict, "", "")

		// Saved, not published.
		_, saved, _, err := f.svc.StoreVersion(f.ctx, m.ID, f.user.ID, domain.VersionSaved, editing.VersionNote{Name: " Draft "}, document.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		if saved.Name != "Draft" || saved.CreatedByName != f.user.Name || saved.Kind != domain.VersionSaved {
			t.Errorf("saved version %+v", saved)
		}
		if p, _ := f.st.Publication(f.ctx, m.ID); p.Live != nil {
			t.Error("a saved version went live")
		}

		// Published: live at once, synced to the change's revision.
		p, live, res, err := f.svc.StoreVersion(f.ctx, m.ID, f.user.ID, domain.VersionPublished, editing.VersionNote{Name: "Launch"}, document.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		if p.Live == nil || p.Live.ID != live.ID || p.SyncedRevision != res.Revision || res.Changes[0].Type != editing.TypeMapPublished {
			t.Fatalf("publication %+v, result %+v", p, res)
		}

		// The working copy moves on, then is reset to the live version.
		b := f.node(m.ID, 50, 50, 1, 1)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID,
			Content: map[string]editing.NodeContentPatch{"en": {Title: ptr("Changed")}}}}})
		if _, _, err := f.svc.PutGlossary(f.ctx, m.ID, f.user.ID, domain.Glossary{}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.PatchMap(f.ctx, m.ID, f.user.ID, editing.MapPatch{Name: ptr("Renamed")}); err != nil {
			t.Fatal(err)
		}
		restored, err := f.svc.ResetToLive(f.ctx, m.ID, f.user.ID)
		if err != nil {
			t.Fatal(err)
		}
		if restored.Changes[0].Type != editing.TypeMapReset || restored.Publication.SyncedRevision != restored.Revision {
			t.Errorf("reset %+v", restored)
		}
		got := f.stored(m.ID, a.ID)
		if c := got.Content[domain.LangEN]; c.Title != "First" || c.Abstract != "kept whole" {
			t.Errorf("content after the reset %+v; want the version's, whole", c)
		}
		if nodes, _ := f.st.NodesByID(f.ctx, m.ID, []int64{b.ID}); len(nodes) != 0 {
			t.Error("a node made after the version survives the reset")
		}
		if g, _ := f.svc.Glossary(f.ctx, m.ID); len(g.Terms) != 1 {
			t.Errorf("glossary after the reset %+v; want the version's", g)
		}
		if name := f.mapRow(m.ID).Name; name != "Map" {
			t.Errorf("map name %q after the reset; want the version's", name)
		}

		// A stored version put back: not the live one, so not synced.
		r2, err := f.svc.RestoreVersion(f.ctx, m.ID, f.user.ID, saved.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Changes[0].Type != editing.TypeStateRestored || r2.Publication.SyncedRevision == r2.Revision {
			t.Errorf("restore %+v", r2)
		}
		if _, err := f.svc.RestoreVersion(f.ctx, m.ID, f.user.ID, 9999); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("restoring an unknown version: %v", err)
		}

		// The saved version made live; then taken down.
		p, res, err = f.svc.PublishVersion(f.ctx, m.ID, f.user.ID, saved.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Live == nil || p.Live.ID != saved.ID || res.Changes[0].Type != editing.TypeMapPublished {
			t.Errorf("published %+v", p)
		}
		if _, _, err := f.svc.PublishVersion(f.ctx, m.ID, f.user.ID, 9999); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("publishing an unknown version: %v", err)
		}
		p, res, err = f.svc.TakeDown(f.ctx, m.ID, f.user.ID)
		if err != nil || p.Live != nil || len(res.Changes) != 1 {
			t.Errorf("taken down: %+v, %v", p, err)
		}
		if stored, _ := f.st.Publication(f.ctx, m.ID); stored.Live != nil {
			t.Error("the live version stays after taking down")
		}

		// The protocol names the version a publishing change concerns.
		sum, v, err := editing.Summarize(res.Changes[0].Data, domain.LangEN)
		if err != nil || v != nil || sum.Nodes != 0 {
			t.Errorf("summary of a take-down: %+v %+v %v", sum, v, err)
		}
		changes := f.changes(m.ID)
		var published *editing.VersionRef
		for _, c := range changes {
			if c.Type == editing.TypeMapPublished {
				if _, published, err = editing.Summarize(c.Data, domain.LangEN); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if published == nil || published.Name != "Launch" {
			t.Errorf("the first publishing change names %+v; want Launch", published)
		}
	})
}

// Restoring a version keeps the quizzes' id counter where it was, so that
// no id is given twice.
func TestRestoreKeepsQuizIDsRising(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		en := func(s string) domain.Text { return domain.Text{domain.LangEN: s} }
		// A new value each time: saving gives ids to the questions it is sent.
		quiz := func() domain.Quiz {
			return domain.Quiz{Name: en("Q"), Questions: []domain.QuizQuestion{{Text: en("?"),
				Answers: []domain.QuizAnswer{{Text: en("a"), Correct: true}, {Text: en("b")}}}}}
		}
		_, v, _, err := f.svc.StoreVersion(f.ctx, m.ID, f.user.ID, domain.VersionSaved, editing.VersionNote{}, document.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		q1, _, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, quiz())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.RestoreVersion(f.ctx, m.ID, f.user.ID, v.ID); err != nil {
			t.Fatal(err)
		}
		if qs, _ := f.svc.Quizzes(f.ctx, m.ID); len(qs) != 0 {
			t.Errorf("%d quizzes after restoring a version without any", len(qs))
		}
		q2, _, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, quiz())
		if err != nil {
			t.Fatal(err)
		}
		if q2.ID <= q1.Questions[0].Answers[1].ID {
			t.Errorf("quiz id %d given after the restore; want above %d", q2.ID, q1.Questions[0].Answers[1].ID)
		}
	})
}
