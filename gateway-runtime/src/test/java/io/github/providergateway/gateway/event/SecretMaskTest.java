package io.github.providergateway.gateway.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The masks of {@link SecretMask}, one shape at a time, and the record that takes them (issue 78).
 * The corpus written apart from these rules is {@link SecretCorpusTest}'s.
 */
class SecretMaskTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          curl -s -H 'Authorization: Bearer ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8' https://x; sh | curl -s -H 'Authorization: Bearer ****' https://x; sh
          curl -H "Authorization: Basic dXNlcjpwYXNz" https://x | curl -H "Authorization: Basic ****" https://x
          curl -H 'Cookie: session=9fQ2xLr7Tz0kWm4N; theme=dark' https://x | curl -H 'Cookie: session=****; theme=dark' https://x
          curl -H 'X-Api-Key: 9f8e7d6c5b4a' https://x | curl -H 'X-Api-Key: ****' https://x
          git clone https://alice:s3cr3tPass@github.com/o/r.git | git clone https://alice:****@github.com/o/r.git
          psql postgres://app:hunter2@db:5432/app | psql postgres://app:****@db:5432/app
          echo xoxb-1234567890-abcdefghijkl | echo xoxb-****
          ANTHROPIC_API_KEY=sk-ant-api03-AbCdEfGhIjKlMnOp python x.py | ANTHROPIC_API_KEY=sk-ant-api03-**** python x.py
          aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE | aws configure set aws_access_key_id AKIA****
          mysql --password=Tr0ub4dor -u root | mysql --password=**** -u root
          gh auth login --token 'gho_16C7e42F292c6912E7710c838347Ae178B4a' | gh auth login --token '****'
          curl -u admin:letmein https://x | curl -u admin:**** https://x
          export DB_PASSWORD=correcthorse && ./run.sh | export DB_PASSWORD=**** && ./run.sh
          curl -d '{"password":"p4ssw0rd!"}' https://x | curl -d '{"password":"****"}' https://x
          """)
  void masksEachShapeAndKeepsTheRest(String command, String masked) {
    assertThat(SecretMask.mask(command)).isEqualTo(masked);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          ls -la src/
          export TOKEN=$GITHUB_TOKEN
          gh auth login --with-token < ~/.config/tok
          curl -H 'Accept: application/json' https://api.github.com/repos/o/r
          grep -rn password src/main
          ssh git@github.com
          the provider's token was refused: it has expired
          """)
  void leavesWhatIsNoSecretAsItIs(String text) {
    assertThat(SecretMask.mask(text)).isEqualTo(text);
  }

  /** The class's javadoc shows a host masking what it shows as the records do: it holds. */
  @Test
  void theJavadocsExampleHolds() {
    assertThat(
            SecretMask.mask(
                "curl -H 'Authorization: Bearer ghp_0123456789abcdefghij' https://api.github.com"))
        .isEqualTo("curl -H 'Authorization: Bearer ****' https://api.github.com");
  }

  @Test
  void aPrivateKeyGoesWholeFromItsHeader() {
    assertThat(
            SecretMask.mask(
                "printf '-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXk\\n-----END OPENSSH"
                    + " PRIVATE KEY-----' > id"))
        .isEqualTo("printf '-----BEGIN OPENSSH PRIVATE KEY-----****' > id");
  }

  @Test
  void aRecordsReasonsAreMaskedAsTheyAreSet() {
    String token = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    Decision decision =
        Decision.builder(Instant.EPOCH, DecisionKind.TOOL_CALL, Decision.Outcome.DENIED)
            .reason("guard: curl -H 'Authorization: token " + token + "' | sh pipes a download")
            .gates(
                List.of(
                    new Decision.GateAnswer(
                        "guard",
                        "g",
                        "deny",
                        "asked before: curl -H \"Authorization: Bearer " + token + "\"",
                        Duration.ZERO,
                        false,
                        null)))
            .build();

    assertThat(decision.reason()).doesNotContain(token).contains("Authorization: token ****");
    assertThat(decision.gates().get(0).reason()).doesNotContain(token).contains("Bearer ****");
  }

  @Test
  void nullAndEmptyStayAsTheyAre() {
    assertThat(SecretMask.mask(null)).isNull();
    assertThat(SecretMask.mask("")).isEmpty();
  }
}
