package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The maintainers family's readers (decision 141): a forge's or a registry's request however its
 * program spells it, the versions a deprecation takes, where a CI variable points, an action's
 * lookalike owner, a licence relabelled, a security policy's channel and a vulnerability told in
 * public. What each rule decides is its examples (RuleBookTest).
 */
class MaintainerRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PROJECT = Path.of("/work/project");
  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  private static List<Word> words(String... texts) {
    List<Word> words = new ArrayList<>();
    for (String text : texts) {
      words.add(Word.literal(text));
    }
    return words;
  }

  @Test
  void aRequestIsReadTheSameFromGhApiCurlAndHttpie() {
    String[] spellings = {
      "gh api -X PATCH repos/acme/lib/security-advisories/GHSA-aaaa-bbbb-cccc -f state=published",
      "gh api --method=PATCH /repos/acme/lib/security-advisories/GHSA-aaaa-bbbb-cccc"
          + " --raw-field state=published",
      "curl -sXPATCH https://api.github.com/repos/acme/lib/security-advisories/GHSA-aaaa-bbbb-cccc"
          + " --data '{\"state\" : \"published\"}'",
      "http PATCH api.github.com/repos/acme/lib/security-advisories/GHSA-aaaa-bbbb-cccc"
          + " state=published"
    };
    for (String command : spellings) {
      assertThat(shell(command).ruleId()).as(command).isEqualTo("maintainers.embargo-broken");
    }
    assertThat(shell("gh api repos/acme/lib/security-advisories/GHSA-aaaa-bbbb-cccc").ruleId())
        .isNull();
  }

  @Test
  void aFieldGivenMakesGhApiAPostAndNoneAGet() {
    assertThat(
            shell("gh api orgs/acme/personal-access-token-requests/9 -f action=approve").ruleId())
        .isEqualTo("maintainers.org-access-changed");
    assertThat(shell("gh api orgs/acme/personal-access-token-requests").ruleId()).isNull();
  }

  @Test
  void aContentsWriteIsOntoTheDefaultBranchOnlyWhereItsFieldsAreKnown() {
    assertThat(shell("gh api -X PUT repos/acme/tap/contents/Formula/q.rb -f message=m").ruleId())
        .isEqualTo("maintainers.default-branch-written");
    assertThat(shell("curl -X PUT https://api.github.com/repos/ada/app/contents/x -d @body.json"))
        .extracting(GuardVerdict::ruleId)
        .isNull();
    assertThat(shell("gh api -X PUT repos/acme/tap/contents/Formula/q.rb --input body.json"))
        .extracting(GuardVerdict::ruleId)
        .isNull();
  }

  @Test
  void aDeprecationTakesEveryVersionWithoutOneOrWithARangeOfAll() {
    assertThat(MaintainerPredicates.deprecatesEvery(words("deprecate", "pkg", "gone"))).isTrue();
    assertThat(MaintainerPredicates.deprecatesEvery(words("deprecate", "@s/pkg", "gone"))).isTrue();
    assertThat(MaintainerPredicates.deprecatesEvery(words("deprecate", "pkg@*", "gone"))).isTrue();
    assertThat(MaintainerPredicates.deprecatesEvery(words("deprecate", "@s/pkg@<2", "old")))
        .isFalse();
    assertThat(MaintainerPredicates.deprecatesEvery(words("deprecate", "pkg@*", ""))).isFalse();
  }

  @Test
  void aPublishingVariableRedirectsOnlyToAHostThatIsNotTheRegistrys() {
    assertThat(
            shell("gh variable set TWINE_REPOSITORY_URL --body https://upload.pypi.org/legacy/")
                .ruleId())
        .isNull();
    assertThat(
            shell("gh variable set TWINE_REPOSITORY_URL --body https://upload.pypi.example/legacy/")
                .ruleId())
        .isEqualTo("maintainers.publishing-redirected");
    assertThat(shell("gh variable set SITE_URL --body https://docs.example.dev").ruleId()).isNull();
  }

  @Test
  void anActionsOwnerLooksLikeItsPublisherByAPartOrOneLetter() {
    String path = "/work/project/.github/workflows/ci.yml";
    assertThat(
            MaintainerFiles.lookalike(
                "", "  - uses: pypa-actions/gh-action-pypi-publish@v1", List.of(path)))
        .isNotNull();
    assertThat(MaintainerFiles.lookalike("", "  - uses: actoins/checkout@v4", List.of(path)))
        .isNull(); // two letters swapped: more than one edit, left to the list
    assertThat(MaintainerFiles.lookalike("", "  - uses: actionz/checkout@v4", List.of(path)))
        .isNotNull();
    assertThat(MaintainerFiles.lookalike("", "  - uses: acme/checkout@v4", List.of(path))).isNull();
  }

  @Test
  void aLicenceIsRelabelledWhenItChangesOrIsNoLongerOpenSource() {
    List<String> cargo = List.of("/work/project/Cargo.toml");
    assertThat(MaintainerFiles.relabelled("license = \"MIT\"", "license = \"Apache-2.0\"", cargo))
        .contains("MIT to Apache-2.0");
    assertThat(MaintainerFiles.relabelled("", "license = \"SSPL-1.0\"", cargo)).isNotNull();
    assertThat(MaintainerFiles.relabelled("", "license = \"MIT OR Apache-2.0\"", cargo)).isNull();
  }

  @Test
  void aSecurityPolicyMovesToAPersonalMailboxOrToPublicIssues() {
    List<String> policy = List.of("/work/project/SECURITY.md");
    assertThat(MaintainerReports.contact("", "mail sec@quillstack.dev", policy)).isNull();
    assertThat(MaintainerReports.contact("", "mail quill@gmail.com", policy)).isNotNull();
    assertThat(MaintainerReports.contact("", "Please do not open a public issue.", policy))
        .isNull();
    assertThat(MaintainerReports.contact("", "Just open an issue.", policy)).isNotNull();
  }

  @Test
  void aVulnerabilityToldInPublicIsNotADependencysBump() {
    assertThat(MaintainerReports.posts(words("issue", "create", "--title", "RCE in the loader")))
        .isTrue();
    assertThat(
            MaintainerReports.posts(
                words("pr", "create", "--title", "bump lodash for CVE-2021-23337")))
        .isFalse();
  }

  @Test
  void anAlertDismissedOnceIsTriageAndForEachOfAListIsNot() {
    assertThat(
            shell(
                    "gh api -X PATCH repos/acme/lib/code-scanning/alerts/42 -f state=dismissed"
                        + " -f dismissed_reason='false positive'")
                .ruleId())
        .isNotEqualTo("maintainers.alerts-dismissed-for-each");
    assertThat(
            shell(
                    "for n in 1 2 3; do gh api -X PATCH repos/acme/lib/code-scanning/alerts/$n"
                        + " -f state=dismissed; done")
                .ruleId())
        .isEqualTo("maintainers.alerts-dismissed-for-each");
  }
}
