package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The programs the network's reader reads, asked before it reads one ({@link NetworkSends#reads}):
 * each listed program reaches a case of its own, and a program not listed is not the network's.
 */
class NetworkSendsTest {
  @Test
  void everyListedProgramIsReadAsTheNetworksAndNoOther() {
    for (String program : NetworkSends.CASES) {
      assertThat(NetworkSends.reads(program)).as(program).isTrue();
      assertThat(NetworkSends.read(step(program, "x.example"), new FlowReading.Found()))
          .as(program)
          .isTrue();
    }
    for (String program : List.of("mail", "lftp", "sftp")) {
      assertThat(NetworkSends.read(step(program, "x.example"), new FlowReading.Found()))
          .as(program)
          .isTrue();
    }
    for (String program : List.of("cat", "tee", "git", "grep", "npm")) {
      assertThat(NetworkSends.reads(program)).as(program).isFalse();
      assertThat(NetworkSends.read(step(program, "x.example"), new FlowReading.Found()))
          .as(program)
          .isFalse();
    }
  }

  @Test
  void aPasteToolIsReadAsSendingWhateverItsWords() {
    FlowReading.Found found = new FlowReading.Found();
    assertThat(NetworkSends.read(step("termbin", "notes.txt"), found)).isTrue();
    assertThat(found.sends()).extracting(send -> send[0]).containsExactly("PASTE");
  }

  private static Step step(String program, String argument) {
    return new Step(
        new Invocation(
            List.of(Word.literal(program), Word.literal(argument)),
            List.of(),
            List.of(),
            List.of()),
        List.of());
  }
}
