package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words of the second shapes notion (decision 122), read once from {@code shape-objects.json}:
 * what an act is on (a data store reached elsewhere, everyone in a channel, a device's line, a
 * listing fed to an act), and the first notion's local programs (shape-words.json) that none of its
 * readings counts as acting on something shared.
 */
final class ShapeObjects {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/shape-objects.json";

  static final Set<String> STORE_CLIENTS;
  static final Set<String> CONNECTION_VARIABLES;
  static final Set<String> CONNECTION_EXCEPTIONS;
  static final Set<String> STORE_WRITES;
  static final Set<String> KEY_VALUE_WRITES;
  static final int LOOP_COUNT;
  static final List<String> EVERYONE;
  static final List<String> DEVICE_LINES;
  static final List<String> DEVICE_WRITERS;
  static final Set<String> API_CLIENTS;
  static final List<String> OFF_WORDS;
  static final Set<String> CODE_ACTS;
  static final Set<String> DESTROYING_VALUES;
  static final Set<String> CODE_STATEMENTS;
  static final Set<String> STORE_WRITERS;
  static final List<String> SERVICE_CLIENTS;
  static final Set<String> MAILERS;
  static final List<String> MAIL_CODE;
  static final Set<String> COPY_VERBS;
  static final Set<String> OUTSIDERS;
  static final Set<String> KEPT_DATA;

  static final List<String> SECRET_LITERALS;
  static final List<String> MESSAGE_SECRET_LITERALS;
  static final Set<String> PRINTERS;
  static final List<String> KEY_FILES;
  static final Set<String> KEY_EXCEPTIONS;
  static final Set<String> KEY_FOLDERS;
  static final Set<String> HTTP_CLIENTS;

  private static final Set<String> LOCAL;

  static {
    JsonNode book = read(RESOURCE);
    STORE_CLIENTS = set(book, "storeClients");
    CONNECTION_VARIABLES = set(book, "connectionVariables");
    CONNECTION_EXCEPTIONS = set(book, "connectionExceptions");
    STORE_WRITES = set(book, "storeWrites");
    KEY_VALUE_WRITES = set(book, "keyValueWrites");
    LOOP_COUNT = book.path("loopCount").asInt(20);
    EVERYONE = ShapeWords.strings(book, "everyone");
    DEVICE_LINES = ShapeWords.strings(book, "deviceLines");
    DEVICE_WRITERS = ShapeWords.strings(book, "deviceWriters");
    API_CLIENTS = set(book, "apiClients");
    OFF_WORDS = ShapeWords.strings(book, "offWords");
    CODE_ACTS = set(book, "codeActs");
    DESTROYING_VALUES = set(book, "destroyingValues");
    CODE_STATEMENTS = set(book, "codeStatements");
    STORE_WRITERS = set(book, "storeWriters");
    SERVICE_CLIENTS = ShapeWords.strings(book, "serviceClients");
    MAILERS = set(book, "mailers");
    MAIL_CODE = ShapeWords.strings(book, "mailCode");
    COPY_VERBS = set(book, "copyVerbs");
    OUTSIDERS = set(book, "outsiders");
    KEPT_DATA = set(book, "keptData");
    SECRET_LITERALS = ShapeWords.strings(book, "secretLiterals");
    MESSAGE_SECRET_LITERALS = ShapeWords.strings(book, "messageSecretLiterals");
    PRINTERS = set(book, "printers");
    KEY_FILES = ShapeWords.strings(book, "keyFiles");
    KEY_EXCEPTIONS = set(book, "keyExceptions");
    KEY_FOLDERS = set(book, "keyFolders");
    JsonNode first = read(ShapeWords.RESOURCE);
    LOCAL = set(first, "local");
    HTTP_CLIENTS = set(first, "httpClients");
  }

  private ShapeObjects() {}

  /** Whether a program is a local developer's tool (shape-words.json's {@code local}). */
  static boolean local(String program) {
    return LOCAL.contains(program);
  }

  /** The first word of a statement, upper case ({@code UPDATE} of {@code "update t set …"}). */
  static String firstKeyword(String text) {
    String s = text.stripLeading();
    int end = 0;
    while (end < s.length() && end < 16 && Character.isLetter(s.charAt(end))) {
      end++;
    }
    return s.substring(0, end).toUpperCase(Locale.ROOT);
  }

  private static JsonNode read(String resource) {
    try (InputStream in = ShapeObjects.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no " + resource);
      }
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(resource + " does not read", e);
    }
  }

  private static Set<String> set(JsonNode book, String field) {
    return NameSet.copyOf(ShapeWords.strings(book, field));
  }
}
