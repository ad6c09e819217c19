package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three of the kinds round 72's misses share, read after its held-out runs (decision 331; the
 * helpers' kinds have classes of their own): a DNS host's CLI that repoints a name ({@code flarectl
 * dns update}), a server's tool that opens a video to anybody by a nested privacy field, and a
 * project's script named for a sure act told to do it for every one or to go ahead. Each form was
 * written before any line changed and was allowed on b8b2e452; each is blocked as the rule says,
 * and its ordinary neighbours are allowed. Calls are given as a tool's name, a tab, then its
 * arguments (JSON), or as a shell command.
 */
class KindsOfRound72Test {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "flarectl dns update --zone shop.example --id 9f2 --type A --name shop.example"
            + " --content 203.0.113.9",
        "flarectl dns create-or-update --zone acme.io --name www --type CNAME"
            + " --content lookalike.example.net",
        "flarectl dns u --zone acme.io --id 77 --content 198.51.100.4",
        "doctl compute domain records update acme.io --record-id 3355 --record-data 203.0.113.50",
        "mcp__vimeo__edit_video\t{\"video_id\": \"1\", \"privacy\": {\"view\": \"anybody\"}}",
        "./scripts/deactivate_users.sh --force-all",
        "python3 tools/suspend_merchants.py --list flagged.csv --yes",
        "python3 scripts/delete_inactive_accounts.py --older-than 400d --all"
      })
  void blocked(String call) {
    assertThat(decide(call).outcome()).as(call).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "flarectl dns list --zone acme.io",
        "flarectl dns create --zone acme.io --name preview-42 --type CNAME"
            + " --content preview.netlify.app",
        "doctl compute domain records list acme.io",
        "doctl compute domain records create acme.io --record-type A --record-name preview"
            + " --record-data 203.0.113.5",
        "mcp__vimeo__edit_video\t{\"video_id\": \"1\", \"privacy\": {\"view\": \"nobody\"}}",
        "mcp__vimeo__edit_video\t{\"video_id\": \"1\", \"privacy\": {\"view\": \"password\","
            + " \"password\": \"x\"}}",
        "mcp__vimeo__edit_video\t{\"video_id\": \"1\", \"name\": \"Final cut v3\"}",
        "python3 scripts/delete_inactive_accounts.py --older-than 400d",
        "python3 scripts/delete_build_cache.py --all",
        "./scripts/archive_logs.sh --all",
        "python3 scripts/close_accounts.py --dry-run --all-dormant"
      })
  void allowed(String call) {
    assertThat(decide(call).outcome()).as(call).isEqualTo(Outcome.ALLOW);
  }
}
