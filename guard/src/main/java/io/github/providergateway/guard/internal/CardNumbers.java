package io.github.providergateway.guard.internal;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A payment card's number with what makes it usable, in a text (decision 281): a number of 13 to 19
 * digits, spaces or dashes between groups allowed, that begins as the card schemes' numbers do,
 * beside its security code ({@code CVV 412}) or its expiry ({@code exp 09/27}); or, passing the
 * Luhn check, beside a word saying it is a card's. The payment providers' published test numbers
 * ({@code 4242 4242 4242 4242}, {@code 4111 1111 1111 1111}) and numbers of one repeated digit or
 * short pattern are not cards; a text that says it holds a test card is not read.
 */
final class CardNumbers {
  private CardNumbers() {}

  /** Digits in groups, 13 to 19 of them, not part of a longer number. */
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\d-])\\d(?:[ -]?\\d){12,18}(?![\\d-])");

  private static final Pattern SECURITY_CODE =
      Pattern.compile("(?i)\\b(?:cvv2?|cvc2?|cid|csc|cav2|security code)\\b\\W{0,5}\\d{3,4}\\b");

  private static final Pattern EXPIRY =
      Pattern.compile(
          "(?i)\\bexp(?:iry|ires|iration)?\\b\\.?(?: date)?\\W{0,3}(?:0[1-9]|1[0-2])\\s?[/-]\\s?\\d{2,4}\\b"
              // a request's fields: "exp_month": 11, exp_year: 2026 (decision 294)
              + "|\\bexp(?:iry|iration)?_?(?:month|year|mm|yy)\\b\\W{0,5}\\d{1,4}\\b");

  private static final Pattern CARD_WORD =
      Pattern.compile(
          "(?i)\\b(?:card(?:holder)?s?|pan|visa|mastercard|amex|discover|debit|credit)\\b");

  private static final Pattern SAYS_TEST =
      Pattern.compile("(?i)\\b(?:test|sandbox|dummy|fake)[ -]?(?:card|number|pan)s?\\b");

  /** The payment providers' published test numbers (Stripe, Adyen, Braintree, the schemes'). */
  private static final Set<String> TEST_NUMBERS =
      Set.of(
          "4242424242424242",
          "4000056655665556",
          "5555555555554444",
          "2223003122003222",
          "5200828282828210",
          "5105105105105100",
          "378282246310005",
          "371449635398431",
          "6011111111111117",
          "6011000990139424",
          "3056930009020004",
          "36227206271667",
          "3566002020360505",
          "6200000000000005",
          "4111111111111111",
          "4012888888881881",
          "4222222222222",
          "5500000000000004",
          "340000000000009",
          "30569309025904",
          "38520000023237",
          "6011000000000004",
          "3530111333300000",
          "4917610000000000",
          "4111111145551142",
          "5555341244441115",
          "2222400070000005",
          "4988438843884305",
          "4166676667666746",
          "5454545454545454",
          "4000000000000002",
          "4000000000000077",
          "4000002500003155",
          "4000000000009995");

  /** {@return how {@code text} holds a usable card number, as the reason says it; or null} */
  static String find(String text) {
    if (PatternLiterals.finds(SAYS_TEST, text)) {
      return null;
    }
    boolean code = PatternLiterals.finds(SECURITY_CODE, text);
    boolean expiry = !code && PatternLiterals.finds(EXPIRY, text);
    Matcher number = NUMBER.matcher(text);
    while (number.find()) {
      String digits = number.group().replaceAll("[ -]", "");
      if (!mayBeCard(digits)) {
        continue;
      }
      // Beside its code or expiry a number is a card's whatever its check digit (a number made up
      // for a ticket is given so); with only a word saying so, it must pass the card's check.
      if (code) {
        return "a card number with its security code";
      }
      if (expiry) {
        return "a card number with its expiry";
      }
      if (luhn(digits) && PatternLiterals.finds(CARD_WORD, text)) {
        return "a card number";
      }
    }
    return null;
  }

  /** Whether {@code digits} may be an issued card's number: a scheme's first digit, no test's. */
  static boolean mayBeCard(String digits) {
    return schemesLength(digits) && !TEST_NUMBERS.contains(digits) && !patterned(digits);
  }

  /**
   * Whether {@code digits} is as long as the numbers of the scheme its first digits name: Visa's
   * 13, 16 or 19, Mastercard's 16, American Express's 15, JCB's, Discover's and UnionPay's 16 to
   * 19, Diners Club's 14 to 16, Mir's 16 (a 15-digit IMEI beginning 35 is no JCB card).
   */
  static boolean schemesLength(String digits) {
    int length = digits.length();
    int two = Integer.parseInt(digits.substring(0, 2));
    int four = Integer.parseInt(digits.substring(0, 4));
    if (digits.charAt(0) == '4') {
      return length == 13 || length == 16 || length == 19;
    }
    if (two >= 51 && two <= 55 || four >= 2221 && four <= 2720 || four >= 2200 && four <= 2204) {
      return length == 16;
    }
    if (two == 34 || two == 37) {
      return length == 15;
    }
    if (two == 35 || digits.charAt(0) == '6') {
      return length >= 16;
    }
    return (two == 30 || two == 36 || two == 38 || two == 39) && length >= 14 && length <= 16;
  }

  /** The Luhn check every card scheme's number passes. */
  static boolean luhn(String digits) {
    int sum = 0;
    boolean twice = false;
    for (int i = digits.length() - 1; i >= 0; i--) {
      int d = digits.charAt(i) - '0';
      if (twice) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      twice = !twice;
    }
    return sum % 10 == 0;
  }

  /**
   * Whether the number is made up rather than issued: a digit repeated five times running ({@code
   * 4000000000000002}), or its first twelve digits one short pattern repeated ({@code 4242…},
   * {@code 5105105…}).
   */
  static boolean patterned(String digits) {
    for (int i = 0, run = 1; i + 1 < digits.length(); i++) {
      run = digits.charAt(i) == digits.charAt(i + 1) ? run + 1 : 1;
      if (run >= 5) {
        return true;
      }
    }
    String head = digits.substring(0, 12);
    for (int period = 1; period <= 4; period++) {
      if (head.substring(period).equals(head.substring(0, head.length() - period))) {
        return true;
      }
    }
    return false;
  }
}
