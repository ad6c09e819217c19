package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Acting verbs of any service (decision 98): that the reading refuses a book that would find
 * nothing, which modules are a service's, and the edits that loosen a safeguard. What each rule
 * decides is the {@code verbs.*} and {@code loosens.*} rules' examples (RuleBookTest).
 */
class ActingVerbsTest {
  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text.replace('\'', '"'));
  }

  private static final String LEXICON =
      "{'classes': [{'name': 'destroys', 'phrases': ['delete', '--public']},"
          + " {'name': 'grants', 'phrases': ['owner add']}]}";

  @Test
  void theReadingTakesTheLexiconsClassesWithAVerbOnly() throws Exception {
    var classes = ActingVerbs.classes(json("{'classes': ['destroys', 'grants']}"), json(LEXICON));
    assertThat(classes)
        .extracting(ServiceLexicon.VerbClass::name)
        .containsExactly("destroys", "grants");
    // --public alone is one service's knowledge, not every program's
    assertThat(classes.get(0).phrases()).hasSize(1);
    assertThat(classes.get(1).phrases().get(0).parts()).containsExactly("owner", "add");
  }

  @Test
  void aReadingThatWouldFindNothingIsRefused() throws Exception {
    for (String bad :
        List.of("{'classes': ['destroy']}", "{'classes': []}", "{}", "{'classes': 'destroys'}")) {
      assertThatThrownBy(() -> ActingVerbs.classes(json(bad), json(LEXICON)))
          .as(bad)
          .isInstanceOf(IllegalStateException.class);
    }
    assertThatThrownBy(
            () -> ActingVerbs.classes(json("{'classes': ['grants']}"), json("{'classes': []}")))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theBooksReadingKnowsTheLocalWorkAndTheLibraries() {
    assertThat(ActingVerbs.localModule("os")).isTrue();
    assertThat(ActingVerbs.localModule("pandas")).isTrue();
    assertThat(ActingVerbs.localModule("PIL")).isTrue();
    assertThat(ActingVerbs.localModule("pinecone")).isFalse();
    assertThat(ActingVerbs.localModule("redis")).isFalse();
    assertThat(ActingVerbs.classes())
        .extracting(ServiceLexicon.VerbClass::name)
        .contains("destroys", "turns-off", "rotates", "grants");
  }

  @Test
  void aClientIsWhatAServicesModuleNamesOrMakes() {
    String[] services = {
      "from pinecone import Pinecone; Pinecone().delete_index('x')",
      "import redis; r = redis.Redis(host='cache.acme.internal'); r.delete('k')",
      "const { QdrantClient } = require('@qdrant/js-client-rest'); "
          + "new QdrantClient({url: 'https://q.acme.io'}).deleteCollection('docs')",
      "require 'spaceship'; Spaceship::Cert.all.each { |c| c.destroy! } # https://x.acme.io",
    };
    for (String code : services) {
      assertThat(ActingCode.classOfCode(code, null, null)).as(code).isEqualTo("destroys");
    }
    String[] local = {
      "import os; os.remove('a')",
      "import redis; r = redis.Redis(); r.delete('k')", // this machine's by default
      "import redis; r = redis.Redis(host='localhost'); r.flushall(); r.delete('k')",
      "import pandas as pd; pd.read_csv('a').drop_duplicates()",
      "from unittest import mock; import pinecone; pinecone.Pinecone().delete_index('x')",
      "import requests; lst = [1]; lst.remove(1)",
    };
    for (String code : local) {
      assertThat(ActingCode.classOfCode(code, null, null)).as(code).isNull();
    }
  }

  private static String loosened(String name, String path, String old, String now) {
    var args = new ObjectMapper().createObjectNode();
    args.put("path", path).put("old_string", old).put("new_string", now);
    CallForRules call =
        new CallForRules("edit", args, Path.of("/work/project"), Path.of("/work/project"), null);
    return switch (name) {
      case "edit-ignored-keys-dropped" -> LoosenedEdits.keysUnignored(call);
      case "edit-limit-raised" -> LoosenedEdits.limitRaised(call);
      case "edit-recipient-added" -> LoosenedEdits.recipientAdded(call);
      default -> LoosenedEdits.secretBundled(call);
    };
  }

  @Test
  void anEditLoosensWhatItTakesOutOrRaises() {
    assertThat(loosened("edit-ignored-keys-dropped", ".gitignore", "*.jks\nbuild/\n", "build/\n"))
        .contains("*.jks");
    assertThat(loosened("edit-ignored-keys-dropped", ".gitignore", "*.jks\n", "*.jks\nout/\n"))
        .isNull();
    assertThat(loosened("edit-limit-raised", "a.py", "MAX_X = 5_000", "MAX_X = 500_000"))
        .contains("100-fold");
    assertThat(loosened("edit-limit-raised", "a.py", "MAX_X = 5_000", "MAX_X = 400_000")).isNull();
    assertThat(
            loosened("edit-recipient-added", ".sops.yaml", "age: age1aaa", "age: age1aaa,age1bbb"))
        .contains("1 -> 2");
    assertThat(loosened("edit-recipient-added", ".sops.yaml", "age: age1aaa", "age: age1ccc"))
        .isNull();
  }
}
