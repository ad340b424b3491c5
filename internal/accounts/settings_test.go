package accounts_test

import (
	"context"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestQuotasAndTestingPeriodAreSuperuserOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		admin, root := f.actor(t, f.admin), f.superuser(t)
		five := map[domain.QuotaKind]*int{domain.QuotaMap: ptr(5)}
		_, err := f.svc.SetQuotas(ctx, admin, f.client.ID, five)
		wantCode(t, err, domain.CodeForbidden)
		_, err = f.svc.SetQuotas(ctx, root, f.client.ID, map[domain.QuotaKind]*int{"coffee": ptr(1), domain.QuotaUser: ptr(-1)})
		wantCode(t, err, domain.CodeInvalid)
		qs, err := f.svc.SetQuotas(ctx, root, f.client.ID, five)
		if err != nil || qs[domain.QuotaMap].Max == nil || *qs[domain.QuotaMap].Max != 5 || qs[domain.QuotaUser].Max != nil {
			t.Fatalf("quotas %+v %v", qs, err)
		}

		ends := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
		trial := accounts.TestingPeriodChange{EndsAt: &ends, PaymentInterval: "yearly", BuyURLs: map[string]string{"yearly": "https://shop.example/y"}}
		_, err = f.svc.SetTestingPeriod(ctx, admin, f.client.ID, trial)
		wantCode(t, err, domain.CodeForbidden)
		_, err = f.svc.SetTestingPeriod(ctx, root, f.client.ID, accounts.TestingPeriodChange{PaymentInterval: "weekly"})
		wantCode(t, err, domain.CodeInvalid)
		if _, err := f.svc.SetTestingPeriod(ctx, root, f.client.ID, trial); err != nil {
			t.Fatal(err)
		}
		got, err := f.svc.TestingPeriod(ctx, f.client.ID)
		if err != nil || got.EndsAt == nil || !got.EndsAt.Equal(ends) || got.PaymentInterval != "yearly" || got.BuyURLs["yearly"] != "https://shop.example/y" {
			t.Fatalf("testing period %+v %v", got, err)
		}
	})
}
