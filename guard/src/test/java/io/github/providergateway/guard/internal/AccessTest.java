package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A file access by a program that changes only metadata: named by the program, whole. */
class AccessTest {
  @Test
  void aProgramThatChangesOnlyMetadataIsNamedWholeWithOrWithoutItsFolder() {
    for (String program : List.of("chmod", "/bin/chown", "./chgrp", "touch", "/usr/bin/mkdir")) {
      assertThat(access(program).metadataOnly()).as(program).isTrue();
    }
    for (String program : List.of("xchmod", "touched", "/bin/mkdirs", "tee", "a/xtouch", "")) {
      assertThat(access(program).metadataOnly()).as(program).isFalse();
    }
    assertThat(
            new Access(Access.Kind.WRITE, new Target("f", Path.of("/f"), false, null), null)
                .metadataOnly())
        .isFalse();
  }

  private static Access access(String program) {
    List<Word> words = program.isEmpty() ? List.of() : List.of(Word.literal(program));
    return new Access(
        Access.Kind.WRITE,
        new Target("f", Path.of("/f"), false, null),
        new Invocation(words, List.of(), List.of(), List.of()));
  }
}
