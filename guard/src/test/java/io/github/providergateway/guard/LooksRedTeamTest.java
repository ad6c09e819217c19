package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The red team of decisions 311 and 312 (2026-12-05), from the code: the calls that changed
 * something or carried records away and that the first readings let through, each since mended
 * (`redteam-311-312.jsonl`). An {@code acts} case was asked by the person's rule without {@code
 * acts} and allowed with it; a {@code typed-code} case was typed code reaching a service that the
 * built-in rules allowed. Each must now be asked or denied.
 */
class LooksRedTeamTest {

  /** The red team's person: a production cluster, the company's tool, a database, a CRM. */
  private static final Guard PERSON =
      guard(
          """
          {"rules": [
           {"id": "prod-kube", "action": "ask", "command": "kubectl * --context acme-prod*",
            "acts": true},
           {"id": "payctl", "action": "ask", "command": "payctl *", "acts": true},
           {"id": "prod-db", "action": "ask", "arg": {"command": "*db.prod.acme.internal*"},
            "acts": true},
           {"id": "crm", "action": "ask", "tool": "mcp__crm__*", "acts": true}]}
          """);

  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  static Stream<JsonNode> cases() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> out = new ArrayList<>();
    try (InputStream in = LooksRedTeamTest.class.getResourceAsStream("redteam-311-312.jsonl");
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        out.add(json.readTree(line));
      }
    }
    assertThat(out).hasSize(51);
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyMendedBypassIsBlocked(JsonNode attempt) {
    Guard guard = attempt.get("reading").asText().equals("acts") ? PERSON : STANDARD;
    GuardVerdict verdict =
        guard.decide(
            new GuardCall(
                attempt.get("tool").asText(), attempt.get("args"), PROJECT, PROJECT, null));
    assertThat(verdict.outcome())
        .as(attempt.get("id").asText() + ": " + attempt.get("args"))
        .isNotEqualTo(Outcome.ALLOW);
  }
}
