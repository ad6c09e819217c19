package io.github.providergateway.gateway.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SecretMask} on a corpus written apart from its rules (issue 78): {@code
 * secret-corpus.tsv}, by a writer who never saw the masker, of commands as agents and developers
 * type them, each line {@code SHAPE<TAB>SECRET<TAB>COMMAND}; after {@code # NOT SECRET}, commands
 * that look close and carry none ({@code NONE}). Every secret must be gone from the masked command;
 * every command without one must come out as it went in. The first run, before any rule was changed
 * for it, is kept in docs/audit.md.
 */
class SecretCorpusTest {

  private record Case(int line, String shape, String secret, String command) {}

  @Test
  void everySecretOfTheCorpusIsMasked() throws IOException {
    List<String> missed = new ArrayList<>();
    List<Case> cases = cases(false);
    for (Case c : cases) {
      String masked = SecretMask.mask(c.command());
      if (masked.contains(c.secret())) {
        missed.add("line " + c.line() + " (" + c.shape() + "): " + masked);
      }
    }
    assertThat(cases).hasSizeGreaterThan(150);
    assertThat(missed).as("%d of %d secrets left", missed.size(), cases.size()).isEmpty();
  }

  @Test
  void everyCommandWithoutASecretComesOutAsItWentIn() throws IOException {
    List<String> changed = new ArrayList<>();
    List<Case> cases = cases(true);
    for (Case c : cases) {
      String masked = SecretMask.mask(c.command());
      if (!masked.equals(c.command())) {
        changed.add("line " + c.line() + " (" + c.shape() + "): " + masked);
      }
    }
    assertThat(cases).hasSizeGreaterThan(20);
    assertThat(changed).as("%d of %d changed", changed.size(), cases.size()).isEmpty();
  }

  /** The corpus's secret lines, or its lines without a secret. */
  private static List<Case> cases(boolean withoutSecret) throws IOException {
    List<Case> cases = new ArrayList<>();
    try (InputStream in = SecretCorpusTest.class.getResourceAsStream("/secret-corpus.tsv")) {
      assertThat(in).as("secret-corpus.tsv on the test class path").isNotNull();
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] fields = line.split("\t", 3);
        assertThat(fields).as("line %d: SHAPE, SECRET, COMMAND", i + 1).hasSize(3);
        boolean none = fields[1].equals("NONE");
        if (none == withoutSecret) {
          cases.add(new Case(i + 1, fields[0], fields[1], fields[2]));
        }
      }
    }
    return cases;
  }
}
