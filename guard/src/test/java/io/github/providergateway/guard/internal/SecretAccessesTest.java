package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A group of clauses over files with a secret clause among them ({@link SecretAccesses}): the
 * group's other clauses about files read are still tried on a file read. Before, a secret clause
 * anywhere in the group silenced them, and a rule about reading the person's mail found nothing.
 */
class SecretAccessesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aReadsClauseBesideASecretOneIsTriedOnAFileRead() throws Exception {
    SecretAccesses group =
        new SecretAccesses(List.of(clause("secrets.aws"), clause("privacy.mail-read")));

    assertThat(rulesFound(group, "/home/user/Maildir/cur/1.eml"))
        .containsExactly("privacy.mail-read");
    assertThat(rulesFound(group, "/home/user/.aws/credentials")).containsExactly("secrets.aws");
    assertThat(rulesFound(group, "/home/user/notes.txt")).isEmpty();
  }

  /** The book's first clause over files of a rule. */
  private static Map.Entry<BuiltinRule, RuleSpec.When> clause(String id) {
    for (RuleSpec spec : RuleBook.specs()) {
      if (spec.rule().id().equals(id)) {
        for (RuleSpec.When when : spec.matches().when()) {
          if (when.files() != null) {
            return Map.entry(spec.rule(), when);
          }
        }
      }
    }
    throw new IllegalStateException("no clause over files of " + id);
  }

  private static List<String> rulesFound(SecretAccesses group, String file) throws Exception {
    CallForRules call =
        new CallForRules(
            "read",
            JSON.readTree("{\"path\": \"" + file + "\"}"),
            Path.of("/work/project"),
            Path.of("/work/project"),
            null);
    Scan scan = new Scan(CorpusPlaces.PLACES, call, null, List.of());
    scan.add(new Access(Access.Kind.READ, new Target(file, Path.of(file), true, null), null));
    group.scan(scan);
    return scan.hits().stream().map(hit -> hit.rule().id()).toList();
  }
}
