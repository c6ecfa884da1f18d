"""What every audience's pages are built with: the games blueprint they register on (blueprint.py), pages kept
once rendered (page_cache.py), this phone's memory of what it opened (memory.py), the fields forms are made of
(fields.py), files to save (downloads.py), sentences and numbers as the reader reads them (wording.py), links and
QR codes to share (sharing.py), the charts (chart.py)."""
