package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The service verbs' lexicon (decision 94): how a command word is split, how a fleet is counted,
 * and that a lexicon the guard cannot mean is refused rather than read as saying less. What each
 * class decides is the {@code services.*} rules' examples (RuleBookTest).
 */
class ServiceVerbsTest {
  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text.replace('\'', '"'));
  }

  private static final String CLASSES = "'classes': [{'name': 'destroys', 'phrases': ['delete']}]";

  @Test
  void aCommandWordSplitsAtItsSeparatorsAndWhereItsCaseChanges() {
    assertThat(ServiceVerbs.split("purge_inactive_users"))
        .containsExactly("purge", "inactive", "users");
    assertThat(ServiceVerbs.split("auth:export")).containsExactly("auth", "export");
    assertThat(ServiceVerbs.split("promoteReleaseArtifact"))
        .containsExactly("promote", "release", "artifact");
    assertThat(ServiceVerbs.split("create-savings-plan"))
        .containsExactly("create", "savings", "plan");
    assertThat(ServiceVerbs.split("dropAll")).containsExactly("drop", "all");
    assertThat(ServiceVerbs.split("seal")).containsExactly("seal");
  }

  @Test
  void aFleetIsANumberOrARangesSizeAndNothingElseCounts() {
    assertThat(ServiceVerbs.size("32")).isEqualTo(32);
    assertThat(ServiceVerbs.size("0-4999")).isEqualTo(5000);
    assertThat(ServiceVerbs.size("0-4999%50")).isEqualTo(5000);
    assertThat(ServiceVerbs.size("1-100,200-299:2")).isEqualTo(200);
    assertThat(ServiceVerbs.size("0-9")).isEqualTo(10);
    assertThat(ServiceVerbs.size("$N")).isEqualTo(-1);
    assertThat(ServiceVerbs.size("H100:8")).isEqualTo(-1);
  }

  @Test
  void inlineCodesCallsAreTheMethodsNamedAfterADot() {
    assertThat(
            ServiceLibraryCalls.calls(
                "import boto3; boto3.client('ec2').purchase_reserved_instances_offering(X=1)"))
        .containsExactly("client", "purchase_reserved_instances_offering");
    assertThat(ServiceLibraryCalls.calls("a.auth().deleteUsers (ids); x.y; os.path"))
        .containsExactly("auth", "deleteUsers");
    assertThat(ServiceLibraryCalls.calls("no calls here.")).isEmpty();
  }

  @Test
  void theBooksLexiconReadsAndNamesItsServices() throws Exception {
    try (var in = ServiceLexicon.class.getResourceAsStream(ServiceLexicon.RESOURCE)) {
      var lexicon = ServiceLexicon.read(new ObjectMapper().readTree(in));
      assertThat(lexicon.byProgram()).containsKeys("vault", "argocd", "scontrol", "keytool", "aws");
      assertThat(lexicon.reads()).contains("get", "list", "describe", "status");
      assertThat(lexicon.unless()).contains("--dry-run", "--help");
    }
  }

  @Test
  void aLexiconTheGuardCannotMeanIsRefused() throws Exception {
    for (String bad :
        List.of(
            "{'services': []}",
            "{" + CLASSES + ", 'services': [{'programs': ['x'], 'only': ['destroy']}]}",
            "{" + CLASSES + ", 'services': [{'programs': ['x'], 'add': {'spend': ['buy']}}]}",
            "{" + CLASSES + ", 'services': [{'programs': ['x'], 'verb': {}}]}",
            "{" + CLASSES + ", 'services': [{'programs': ['x']}, {'programs': ['x']}]}",
            "{" + CLASSES + ", 'services': [{'depth': 1}]}")) {
      assertThatThrownBy(() -> ServiceLexicon.read(json(bad)))
          .as(bad)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("service-verbs.json");
    }
    assertThat(
            ServiceLexicon.read(json("{" + CLASSES + ", 'services': [{'programs': ['x']}]}"))
                .byProgram())
        .containsOnlyKeys("x");
  }
}
