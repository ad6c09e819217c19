package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.AppRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 66: the team's side of the signed policy, {@code gateway policy keygen|sign|verify}, run as
 * the jar runs them, with the files they write and read on disk.
 */
class PolicyCommandTest {

  @TempDir Path temp;

  private static final String POLICY =
      """
      {"version": 7, "expires": "2999-01-01T00:00:00Z",
       "guard": {"preset": "strict",
                 "rules": [{"id": "org.no-prod", "action": "deny", "command": "kubectl * --context prod*"}]}}
      """;

  private static AppRun gateway(String... args) {
    return AppRun.of(List.of(args), Map.of());
  }

  private Path keys() {
    Path key = temp.resolve("team.key");
    assertThat(gateway("policy", "keygen", "--out", key.toString()).exit()).isZero();
    return key;
  }

  @Test
  void keygenWritesAnOwnerOnlyPrivateKeyAndAPublicKeyAndNeverReplacesThem() throws Exception {
    Path key = keys();

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
        .isEqualTo("rw-------");
    assertThat(Files.readString(key)).startsWith(PolicyKeys.PRIVATE_PREFIX).endsWith("\n");
    assertThat(Files.readString(PolicyKeys.publicFileOf(key))).startsWith(PolicyKeys.PUBLIC_PREFIX);
    String before = Files.readString(key);
    AppRun again = gateway("policy", "keygen", "--out", key.toString());
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err()).contains("is there already");
    assertThat(Files.readString(key)).isEqualTo(before);
  }

  @Test
  void aSignedPolicyVerifiesAndItsVersionAndExpiryArePrinted() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), POLICY);

    AppRun sign = gateway("policy", "sign", policy.toString(), "--key", key.toString());
    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key + ".pub");

    assertThat(sign.exit()).as(sign.err()).isZero();
    assertThat(Files.readString(PolicyKeys.signatureFileOf(policy)).strip()).hasSize(88);
    assertThat(verify.exit()).as(verify.err()).isZero();
    assertThat(verify.out())
        .contains("good: version 7, expires 2999-01-01T00:00:00Z, preset strict, 1 rule, ");
  }

  @Test
  void aChangedByteIsABadSignature() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), POLICY);
    gateway("policy", "sign", policy.toString(), "--key", key.toString());
    Files.writeString(policy, POLICY.replace("strict", "standard"));

    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key + ".pub");

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err()).contains("refused: bad signature");
  }

  @Test
  void noSignatureFileIsRefused() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), POLICY);

    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key + ".pub");

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err()).contains("refused: no signature " + policy + ".sig");
  }

  @Test
  void aSignedFileThatIsNoPolicyIsRefusedAndSignRefusesIt() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), "{\"version\": 1}");
    AppRun sign = gateway("policy", "sign", policy.toString(), "--key", key.toString());
    assertThat(sign.exit()).isEqualTo(1);
    assertThat(sign.err()).contains("'expires' must be an instant");
    Files.writeString(
        PolicyKeys.signatureFileOf(policy),
        PolicyKeys.sign("{\"version\": 1}".getBytes(UTF_8), key));

    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key + ".pub");

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err()).contains("not a policy: 'expires' must be an instant");
  }

  @Test
  void anExpiredPolicyIsRefused() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), POLICY.replace("2999", "2001"));
    gateway("policy", "sign", policy.toString(), "--key", key.toString());

    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key + ".pub");

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err()).contains("version 7 expired at 2001-01-01T00:00:00Z");
  }

  @Test
  void thePrivateKeyGivenToVerifyIsNamedAsSuch() throws Exception {
    Path key = keys();
    Path policy = Files.writeString(temp.resolve("policy.json"), POLICY);
    gateway("policy", "sign", policy.toString(), "--key", key.toString());

    AppRun verify = gateway("policy", "verify", policy.toString(), "--key", key.toString());

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err()).contains("a private key was given where the public key belongs");
  }

  @Test
  void theDocsPolicyAndSettingsExamplesAreWhatTheGatewayReads() throws Exception {
    String team = Files.readString(Path.of("..", "docs", "team.md"));
    java.util.regex.Matcher json =
        java.util.regex.Pattern.compile("```json\\n(.*?)```", java.util.regex.Pattern.DOTALL)
            .matcher(team.substring(team.indexOf("## The signed policy")));
    assertThat(json.find()).isTrue();
    PolicyDocument policy = PolicyDocument.parse(json.group(1).getBytes(UTF_8));
    assertThat(policy.version()).isEqualTo(12);
    assertThat(json.find()).isTrue();
    keys(); // team.key.pub in the settings' folder, as the example names it
    PolicySettings settings =
        PolicySettings.read(
            new io.github.providergateway.app.home.SystemSettings(
                temp,
                true,
                (com.fasterxml.jackson.databind.node.ObjectNode)
                    new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.group(1)),
                List.of()));
    assertThat(settings.problems()).isEmpty();
    assertThat(settings.usable()).isTrue();
  }

  @Test
  void aPolicyWhoseGuardHasABadEntryIsNoPolicy() {
    assertThat(
            org.assertj.core.api.Assertions.catchThrowable(
                () ->
                    PolicyDocument.parse(
                        ("{\"version\": 1, \"expires\": \"2999-01-01T00:00:00Z\", \"guard\":"
                                + " {\"rules\": [{\"id\": \"x\", \"action\": \"deny\"}]}}")
                            .getBytes(UTF_8))))
        .isInstanceOf(PolicyDocument.NotAPolicyException.class)
        .hasMessageContaining("not a policy: guard.rules[0]");
  }
}
