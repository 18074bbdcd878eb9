#!/bin/sh
# Print the demo day's books as PDF and render one page of each to PNG (needs pdftoppm,
# from poppler-utils), to look at them and to refresh the pictures in docs/casino.md.
#   sh docs/images/render_books.sh [OUTPUT_FOLDER]
set -e
out=${1:-docs/images}
work=$(mktemp -d)
crupier demo-day --db "sqlite:///$work/demo.db" --seed 1 --keys "$work/keys" >/dev/null
key=$(ls "$work"/keys/*/casino.pub)
for book in A43 A45 A56; do
  crupier books "$book" --db "sqlite:///$work/demo.db" --key "$key" --format pdf -o "$work/$book.pdf"
  pdftoppm -png -r 55 -f 1 -l 1 -singlefile "$work/$book.pdf" "$out/book-$book"
done
rm -rf "$work"
ls -l "$out"/book-*.png
