package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * The words the shapes.* rules read an act on something shared by (decision 113), as
 * shape-words.json gives them: the acting verbs and flags, the reads, the local programs, the
 * remote shells, the clients' methods, the hosts of forges and cloud SDKs. Read once, for {@link
 * SharedActs}, {@link RemoteShellActs} and {@link SharedCodeActs}.
 */
final class ShapeWords {
  private ShapeWords() {}

  static final String RESOURCE = "/io/github/providergateway/guard/rules/shape-words.json";

  /** The longest inline code or word read: longer ones are read only so far. */
  static final int READ = 8192;

  static final int DEPTH;
  static final int SCAN;
  static final Set<String> VERBS;
  static final Set<String> SETTING_VERBS;
  static final Set<String> COMPOUND_ONLY;
  static final Set<String> READS;
  static final Set<String> ACTING_FLAGS;
  static final Set<String> DRY_RUNS;
  static final Set<String> EVERYTHING;
  static final Set<String> EVERY_VALUES;
  static final Set<String> WAIVING_PARTS;
  static final Set<String> WAIVING_ALONE;
  static final Set<String> CHECK_PARTS;
  static final Set<String> METHODS;
  static final Set<String> HTTP_CLIENTS;
  static final Set<String> REMOTE_SHELLS;
  static final Set<String> REMOTE_VERBS;
  static final Set<String> REMOTE_READS;
  static final Set<String> READ_MODULES;
  static final Set<String> CODE_VERBS;
  static final List<String> STORES;
  static final Set<String> LOCAL;
  static final Set<String> STRONG;

  /** A path segment where a service's operator changes it: {@code /admin/flags} (decision 196). */
  static final Set<String> ADMIN_PATHS;

  static final Set<String> SENDS;
  static final List<String> SENDING_NAMES;
  static final Set<String> EXTENSIONS;
  static final Set<String> PRODUCTION;
  static final Set<String> TEST_WORDS;
  static final List<String> CLOUD_SDKS;
  static final List<String> FORGES;
  static final Set<String> NO_CONFIRM;
  static final Set<String> GO_LIVE;
  static final Set<String> SQL_WRITES;
  static final Set<String> PLANS_BY_DEFAULT;
  static final Set<String> APPLY_FLAGS;
  static final Set<String> ACTING_OPTIONS;

  static {
    JsonNode book;
    try (InputStream in = ShapeWords.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no shape-words.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("shape-words.json does not read", e);
    }
    DEPTH = book.path("depth").asInt(4);
    SCAN = book.path("scan").asInt(10);
    VERBS = set(book, "verbs");
    SETTING_VERBS = set(book, "settingVerbs");
    COMPOUND_ONLY = set(book, "compoundOnly");
    READS = set(book, "reads");
    ACTING_FLAGS = set(book, "actingFlags");
    DRY_RUNS = set(book, "dryRuns");
    EVERYTHING = set(book, "everything");
    EVERY_VALUES = set(book, "everyValues");
    WAIVING_PARTS = set(book, "waivingParts");
    WAIVING_ALONE = set(book, "waivingAlone");
    CHECK_PARTS = set(book, "checkParts");
    METHODS = set(book, "methods");
    HTTP_CLIENTS = set(book, "httpClients");
    REMOTE_SHELLS = set(book, "remoteShells");
    REMOTE_VERBS = set(book, "remoteVerbs");
    REMOTE_READS = set(book, "remoteReadWords");
    READ_MODULES = set(book, "readModules");
    CODE_VERBS = set(book, "codeVerbs");
    STORES = strings(book, "stores");
    LOCAL = set(book, "local");
    STRONG = set(book, "strongVerbs");
    ADMIN_PATHS = set(book, "adminPaths");
    SENDS = set(book, "sendingOptions");
    SENDING_NAMES = strings(book, "sendingNames");
    EXTENSIONS = set(book, "fileExtensions");
    PRODUCTION = set(book, "productionWords");
    TEST_WORDS = set(book, "testWords");
    CLOUD_SDKS = strings(book, "cloudSdks");
    FORGES = strings(book, "forgeHosts");
    NO_CONFIRM = set(book, "noConfirm");
    GO_LIVE = set(book, "goLiveFlags");
    SQL_WRITES = set(book, "sqlWrites");
    PLANS_BY_DEFAULT = set(book, "plansByDefault");
    APPLY_FLAGS = set(book, "applyFlags");
    ACTING_OPTIONS = set(book, "actingOptions");
    if (VERBS.isEmpty() || LOCAL.isEmpty()) {
      throw new IllegalStateException("shape-words.json names no verbs or no local programs");
    }
  }

  static Set<String> set(JsonNode book, String field) {
    return NameSet.copyOf(strings(book, field));
  }

  static List<String> strings(JsonNode book, String field) {
    JsonNode list = book.get(field);
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new IllegalStateException("shape-words.json has no list " + field);
    }
    List<String> out = new java.util.ArrayList<>();
    for (JsonNode item : list) {
      out.add(item.asText());
    }
    return List.copyOf(out);
  }
}
