package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A script the session wrote whose harm waits behind its own dry-run switch is let run with the
 * switch (issue 80, round 61): what runs is the rest of its text. Without the switch, with a harm
 * outside the switch's branches, or with the switch stored the other way, the run is answered as
 * the whole text is.
 */
class RehearsedRunsTest {
  private static final Map<String, String> REMOTES =
      Map.of("origin", "https://github.com/ada/game.git");
  private static final Instant AT = Instant.parse("2026-12-06T07:00:00Z");
  private static final String HEAD =
      "import argparse, os, requests, sys\n"
          + "ap = argparse.ArgumentParser(); ap.add_argument('--dry-run', action='store_true')\n"
          + "a = ap.parse_args()\n"
          + "H = {'X-SecretKey': os.environ['SHOP_ADMIN_KEY']}\n"
          + "players = requests.get('https://api.example.com/players').json()\n";
  private static final String GRANT =
      "requests.post('https://api.example.com/AddUserVirtualCurrency', headers=H,"
          + " json={'PlayFabId': p, 'Amount': 250})\n";
  private final Guard guard = guard(GuardPreset.STANDARD);

  private Outcome run(String content, String command) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", PROJECT + "/scripts/comp.py")
            .put("content", content);
    GuardCall write = new GuardCall("write", args, PROJECT, PROJECT, null);
    SessionPast past =
        SessionPast.start(REMOTES)
            .after(
                new SessionPast.PastCall("write", args.toString(), AT, "-"), guard.flowOf(write));
    return guard.decide(shell(command), past).outcome();
  }

  @Test
  void aHarmBehindTheSwitchIsNotRunWithIt() {
    String guarded = HEAD + "for p in players:\n    if not a.dry_run:\n        " + GRANT;
    String leaves =
        HEAD
            + "if a.dry_run:\n    print(len(players))\n    sys.exit(0)\n"
            + "for p in players:\n    "
            + GRANT;
    for (String script : new String[] {guarded, leaves}) {
      assertThat(run(script, "python scripts/comp.py --dry-run")).isEqualTo(Outcome.ALLOW);
      assertThat(run(script, "python scripts/comp.py")).isEqualTo(Outcome.DENY);
    }
  }

  @Test
  void aHarmOutsideTheSwitchOrASwitchTurnedRoundIsAnsweredAsBefore() {
    String outside =
        HEAD + "for p in players:\n    " + GRANT + "    if not a.dry_run:\n" + "        print(p)\n";
    assertThat(run(outside, "python scripts/comp.py --dry-run")).isEqualTo(Outcome.DENY);
    String turned =
        HEAD.replace("store_true", "store_false")
            + "for p in players:\n    if not a.dry_run:\n        "
            + GRANT;
    assertThat(run(turned, "python scripts/comp.py --dry-run")).isEqualTo(Outcome.DENY);
  }
}
