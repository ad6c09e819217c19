package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Decision 262: a company's tool is one no public distribution ships, run by its own name. */
class TradeToolCommandsTest {
  @Test
  void theListOfPublicProgramsHoldsDistributionsToolsAndNoCompanysTool() {
    for (String program : List.of("samtools", "ogrinfo", "candump", "snmpwalk", "rigctl", "ls")) {
      assertThat(PublicPrograms.known(program)).as(program).isTrue();
    }
    for (String program : List.of("berthctl", "venirectl", "clientreg", "tollbatch", "")) {
      assertThat(PublicPrograms.known(program)).as(program).isFalse();
    }
  }

  @Test
  void theListIsSearchedInItsBytesAndFindsEveryNameItHoldsAndNoOther() throws Exception {
    byte[] list = PublicPrograms.Names.ALL;
    Set<String> names =
        new HashSet<>(Arrays.asList(new String(list, StandardCharsets.UTF_8).split("\n")));
    assertThat(names).hasSizeGreaterThan(50_000);
    for (String name : names) {
      assertThat(PublicPrograms.known(name)).as(name).isTrue();
      for (String near : List.of(name + "x", name + "-", name.substring(0, name.length() - 1))) {
        assertThat(PublicPrograms.known(near)).as(near).isEqualTo(names.contains(near));
      }
    }
    byte[] three = "bb\ndd\nff".getBytes(StandardCharsets.UTF_8); // the last line unended
    for (String probe : List.of("a", "bb", "c", "dd", "e", "ff", "g", "b", "bbb", "", "\u00e9")) {
      assertThat(PublicPrograms.Names.contains(three, probe.getBytes(StandardCharsets.UTF_8)))
          .as(probe)
          .isEqualTo(Set.of("bb", "dd", "ff").contains(probe));
    }
  }

  @Test
  void aPluralNounGivenARecentWindowListsAndAnActOrNoWindowDoesNot() {
    assertThat(TradeToolCommands.listsRecent("positions", words("positions", "--since", "30m")))
        .isTrue();
    assertThat(TradeToolCommands.listsRecent("units", words("units", "--days", "7"))).isTrue();
    assertThat(TradeToolCommands.listsRecent("alerts", words("alerts", "--last=24h"))).isTrue();
    assertThat(TradeToolCommands.listsRecent("refunds", words("refunds", "--since", "2025-01-01")))
        .isTrue();
    // the act is the last word; a window's option with no length; no window; not plural
    assertThat(TradeToolCommands.listsRecent("roll", words("unit", "roll", "--since", "1h")))
        .isFalse();
    assertThat(TradeToolCommands.listsRecent("units", words("units", "--since", "--all")))
        .isFalse();
    assertThat(TradeToolCommands.listsRecent("units", words("units", "--all"))).isFalse();
    assertThat(TradeToolCommands.listsRecent("process", words("process", "--since", "1h")))
        .isFalse();
    assertThat(TradeToolCommands.listsRecent(null, words("--since", "1h"))).isFalse();
    assertThat(TradeToolCommands.listsRecent("units", words("units", "--until", "1h"))).isFalse();
  }

  private static List<Word> words(String... texts) {
    return java.util.Arrays.stream(texts).map(Word::literal).toList();
  }

  @Test
  void aCompanysToolIsRunByItsNameNotFetchedOrBuiltByARunner() {
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "berthctl", "unit", "roll")))
        .isTrue();
    assertThat(TradeToolCommands.companyTool("", step(List.of("ssh"), "tollbatch", "reprice")))
        .isTrue();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "samtools", "flagstat")))
        .isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of("npx"), "newman", "run"))).isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of("python -m"), "etl.recon", "match")))
        .isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of("java"), "synth", "Boston")))
        .isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "module", "load"))).isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "pySim-prog.py", "-p"))).isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "/opt/acme/bin/berthctl", "x")))
        .isTrue();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "gpresult.exe", "/r"))).isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "list_members", "q"))).isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of("ssh"), "section", "monitor")))
        .isFalse();
    assertThat(TradeToolCommands.companyTool("", step(List.of(), "forfiles", "/p"))).isFalse();
  }

  @Test
  void aProgramTheCommandDefinesIsNoCompanysTool() {
    Step ll = step(List.of(), "ll", "src");
    assertThat(TradeToolCommands.companyTool("alias ll='ls -la'; ll src", ll)).isFalse();
    assertThat(TradeToolCommands.companyTool("ll() { ls -la; }; ll src", ll)).isFalse();
    assertThat(TradeToolCommands.companyTool("function ll { ls; }; ll src", ll)).isFalse();
    assertThat(TradeToolCommands.companyTool("ll src; ll src2", ll)).isTrue();
    assertThat(TradeToolCommands.companyTool("ll src", ll)).isTrue();
    // the tool itself, reached through a wrapper of its own name, is still the tool
    String wrapped = "berthctl() { command berthctl \"$@\"; }; berthctl unit roll";
    assertThat(
            TradeToolCommands.companyTool(
                wrapped, step(List.of("function berthctl", "$var"), "berthctl", "unit", "roll")))
        .isTrue();
    assertThat(TradeToolCommands.companyTool(wrapped, step(List.of(), "berthctl", "unit", "roll")))
        .isFalse();
  }

  @Test
  void aCommandThatWorksAThingOutIsNoAct() {
    for (String part : List.of("simulate", "calc", "build", "score", "lookup", "usage")) {
      assertThat(TradeToolCommands.computes(part)).as(part).isTrue();
    }
    for (String part : List.of("roll", "draw", "share", "convert", "generate", "")) {
      assertThat(TradeToolCommands.computes(part)).as(part).isFalse();
    }
  }

  private static Step step(List<String> via, String... words) {
    List<Word> literal = java.util.Arrays.stream(words).map(Word::literal).toList();
    return new Step(new Invocation(literal, List.of(), List.of(), via), List.of());
  }
}
